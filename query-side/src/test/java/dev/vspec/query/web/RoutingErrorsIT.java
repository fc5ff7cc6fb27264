package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.ReadModelSeed;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.HostileRequests.HostileRequest;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A request Tomcat refuses before any handler still answers the JSON error record, never Tomcat's HTML page; health
 * answers on the public port. Failures of routing through the handlers are RoutingErrorsTest's.
 */
class RoutingErrorsIT extends SeededRouteIT {

    @Override
    protected void seed(DSLContext db) {
        ReadModelSeed.seed(db);
    }

    /** Tomcat sends a HEAD answer's headers alone; RoutingErrorsTest has HEAD and OPTIONS through the handlers. */
    @Test
    void aHeadAnswerHasNoBody() {
        Reply head = api.send("HEAD", "/api/v1/fluids" + query("config_key", CIVIC_LX), null);

        assertThat(head.status()).isEqualTo(200);
        assertThat(head.text()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.vspec.testing.HostileRequests#all")
    void whatTomcatRefusesIsAnErrorRecord(HostileRequest request) {
        request.assertRefusedAsErrorRecord(port);
    }

    @Test
    void healthIsUp() {
        assertThat(api.get("/actuator/health").text()).contains("\"UP\"");
    }
}
