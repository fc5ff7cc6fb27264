package dev.vspec.projections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.Api;
import dev.vspec.testing.HostileRequests.HostileRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.core.env.Environment;

/**
 * The deployable's web server serves actuator health, which counts the projections' consumers, and answers what Tomcat
 * refuses with the error record.
 */
@ProjectionsIntegrationTest
class HealthIT {

    @Autowired
    Environment environment;

    @Autowired
    @Qualifier("projectionsHealthIndicator")
    HealthIndicator projectionsHealth;

    @Test
    void healthIsUpWhileEveryProjectionConsumes() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                        + environment.getProperty("local.server.port") + "/actuator/health"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"status\":\"UP\"");
        Health health = projectionsHealth.health();
        assertThat(health.getStatus()).isEqualTo(Status.UP);
        assertThat(health.getDetails().get("consumers"))
                .asInstanceOf(InstanceOfAssertFactories.MAP)
                .hasSize(13)
                .containsEntry("parts", true)
                .containsEntry("aliases", true)
                .containsEntry("service_history", true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.vspec.testing.HostileRequests#all")
    void whatTomcatRefusesIsAnErrorRecord(HostileRequest request) {
        request.assertRefusedAsErrorRecord(Integer.parseInt(environment.getProperty("local.server.port")));
    }

    @Test
    void theErrorPathAndAWrongMethodAreAnsweredAsTheApiAnswersThem() {
        Api api = new Api(Integer.parseInt(environment.getProperty("local.server.port")));

        api.get("/error").error(404, "not_found");
        Api.Reply put = api.send("PUT", "/actuator/health", null);
        put.error(405, "method_not_allowed");
        assertThat(put.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
    }

    @Test
    void readinessAsksTheDatabaseAndTheBroker() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                        + environment.getProperty("local.server.port") + "/actuator/health/readiness"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body())
                .contains("\"status\":\"UP\"")
                .contains("\"broker\":{\"status\":\"UP\"")
                .contains("\"db\":{\"status\":\"UP\"")
                .contains("\"readinessState\":{\"status\":\"UP\"");
    }
}
