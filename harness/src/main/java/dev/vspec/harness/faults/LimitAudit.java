package dev.vspec.harness.faults;

import dev.vspec.command.enrichment.EnrichmentRequests;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.events.axon.EventStorage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What the limits admitted: the free key's requests per minute window, the jobs each key was
 * answered 202, and the jobs the event store scheduled per key and UTC day, all within the limits.
 */
final class LimitAudit {

    static final long PER_MINUTE = Plan.FREE.requestsPerMinute().getAsLong();
    static final int RUNS_PER_DAY = EnrichmentRequests.RUNS_PER_DAY;

    /**
     * @param minutes                  minute windows in which the free key asked
     * @param mostAdmittedInAMinute    the most of its requests one window admitted
     * @param mostJobsAnsweredToAKey   the most jobs one key was answered 202
     * @param mostScheduledForAKeyADay the most jobs the event store scheduled for one key on one UTC day
     */
    record Outcome(int minutes, int mostAdmittedInAMinute, int mostJobsAnsweredToAKey, int mostScheduledForAKeyADay) {

        List<String> violations() {
            List<String> violations = new ArrayList<>();
            if (minutes == 0) {
                violations.add("the free key's requests were never counted in a minute window");
            }
            if (mostAdmittedInAMinute > PER_MINUTE) {
                violations.add("a minute window admitted " + mostAdmittedInAMinute + " requests of a key limited to "
                        + PER_MINUTE);
            }
            if (mostJobsAnsweredToAKey > RUNS_PER_DAY || mostScheduledForAKeyADay > RUNS_PER_DAY) {
                violations.add("a key got " + Math.max(mostJobsAnsweredToAKey, mostScheduledForAKeyADay)
                        + " enrichment jobs in a day, more than its " + RUNS_PER_DAY);
            }
            return violations;
        }
    }

    private LimitAudit() {}

    static Outcome of(Map<Long, Integer> admittedByMinute, Map<String, Set<String>> jobsByKey, DataSource dataSource) {
        Integer scheduled = new JdbcTemplate(dataSource)
                .queryForObject(
                        """
                select coalesce(max(jobs), 0) from (
                  select count(*) as jobs from %s where payloadtype = ?
                  group by convert_from(payload, 'UTF8')::jsonb ->> 'keyId', substr(timestamp, 1, 10)
                ) per_key_and_day""".formatted(EventStorage.EVENT_TABLE), Integer.class, EnrichmentScheduled.class.getName());
        return new Outcome(
                admittedByMinute.size(),
                max(admittedByMinute.values()),
                max(jobsByKey.values().stream().map(Set::size).toList()),
                scheduled == null ? 0 : scheduled);
    }

    private static int max(Collection<Integer> counts) {
        return counts.stream().mapToInt(Integer::intValue).max().orElse(0);
    }
}
