package dev.vspec.query.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.PrometheusScrape;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;

/** What /actuator/prometheus, on the management port, tells an operator: latency per route, errors by code, limiter decisions. */
class MetricsIT extends SeededRouteIT {

    @LocalManagementPort
    int managementPort;

    @Test
    void requestLatencyIsAHistogramPerRoute() {
        api.get("/api/v1/status").ok();

        String metrics = PrometheusScrape.of(managementPort).text();

        assertThat(metrics)
                .containsPattern("http_server_requests_seconds_bucket\\{[^}]*uri=\"/api/v1/status\"[^}]*le=\"");
    }

    @Test
    void errorsAreCountedByCode() {
        double before = errors();

        api.get("/api/v1/fluids").error(400, "missing_param");
        api.get("/api/v1/fluids").error(400, "missing_param");

        assertThat(errors()).isEqualTo(before + 2);
    }

    @Test
    void limiterDecisionsAreCountedByBudgetAndOutcome() {
        double before = admittedInTheKeysMinute();

        // a keyed route (status is public, so no key's budget is asked)
        api.get("/api/v1/fluids?config_key=" + ReadModelSeed.CIVIC_LX).ok();

        assertThat(admittedInTheKeysMinute()).isGreaterThanOrEqualTo(before + 1);
    }

    private double errors() {
        return PrometheusScrape.of(managementPort)
                .value("vspec_api_errors_total", "code", "missing_param", "status", "400");
    }

    private double admittedInTheKeysMinute() {
        return PrometheusScrape.of(managementPort)
                .value("vspec_limiter_decisions_total", "budget", "key", "window", "minute", "outcome", "admitted");
    }
}
