package dev.vspec.harness.faults;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.NewKey;
import dev.vspec.contracts.access.Plan;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * The load's keys, issued before the faults: a reader whose limits the load never reaches, a free
 * key that asks more than its per-minute limit, and pro keys that schedule enrichments.
 */
record DrillKeys(String reader, String probe, List<String> enrichers) {

    static DrillKeys issue(DataSource dataSource, int enrichers) {
        ApiKeyStore keys = new ApiKeyStore(DSL.using(dataSource, SQLDialect.POSTGRES));
        String reader = keys.issue(
                        new NewKey("fault drill reads", Plan.ENTERPRISE, null, 1_000_000L, 1_000_000_000L, null))
                .key();
        String probe =
                keys.issue(NewKey.of("fault drill rate limit", Plan.FREE)).key();
        List<String> writers = new ArrayList<>();
        for (int i = 0; i < enrichers; i++) {
            writers.add(keys.issue(NewKey.of("fault drill enrichment " + i, Plan.PRO))
                    .key());
        }
        return new DrillKeys(reader, probe, writers);
    }

    @Override
    public String toString() {
        return "DrillKeys[" + (enrichers.size() + 2) + " keys]";
    }
}
