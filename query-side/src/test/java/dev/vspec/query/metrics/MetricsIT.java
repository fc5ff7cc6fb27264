package dev.vspec.query.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.infra.testing.Api;
import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What /actuator/prometheus tells an operator: latency per route, errors by code, limiter decisions. */
class MetricsIT extends SeededRouteIT {

    @Test
    void requestLatencyIsAHistogramPerRoute() {
        api.get("/api/v1/status").ok();

        String metrics = scrape();

        assertThat(metrics).containsPattern("http_server_requests_seconds_bucket\\{[^}]*uri=\"/api/v1/status\"[^}]*le=\"");
    }

    @Test
    void errorsAreCountedByCode() {
        double before = value(scrape(), "vspec_api_errors_total", List.of("code=\"missing_param\"", "status=\"400\""));

        api.get("/api/v1/fluids").error(400, "missing_param");
        api.get("/api/v1/fluids").error(400, "missing_param");

        assertThat(value(scrape(), "vspec_api_errors_total", List.of("code=\"missing_param\"", "status=\"400\"")))
                .isEqualTo(before + 2);
    }

    @Test
    void limiterDecisionsAreCountedByBudgetAndOutcome() {
        List<String> admittedMinute = List.of("budget=\"key\"", "window=\"minute\"", "outcome=\"admitted\"");
        double before = value(scrape(), "vspec_limiter_decisions_total", admittedMinute);

        // a keyed route (status is public, so no key's budget is asked)
        api.get("/api/v1/fluids?config_key=" + ReadModelSeed.CIVIC_LX).ok();

        assertThat(value(scrape(), "vspec_limiter_decisions_total", admittedMinute)).isGreaterThanOrEqualTo(before + 1);
    }

    private String scrape() {
        Api.Reply reply = new Api(port).getWith("/actuator/prometheus", "Accept", "text/plain");
        assertThat(reply.status()).isEqualTo(200);
        return reply.text();
    }

    /** The sample of {@code metric} whose labels include every one of {@code labels}; 0 when there is none yet. */
    private static double value(String metrics, String metric, List<String> labels) {
        Matcher sample = Pattern.compile("(?m)^" + metric + "\\{([^}]*)\\} (\\S+)$").matcher(metrics);
        while (sample.find()) {
            String found = sample.group(1);
            if (labels.stream().allMatch(found::contains)) {
                return Double.parseDouble(sample.group(2));
            }
        }
        return 0;
    }
}
