package dev.vspec.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.infra.testing.TestDatabase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@SpringBootTest(classes = SandboxApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.config.name=sandbox")
@ContextConfiguration(initializers = TestDatabase.class)
class SandboxIT {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @LocalServerPort
    int port;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "GET, /api/sample/v1/fluids?config_key=2019-honda-civic-lx-k20c2-fwd",
            "GET, /api/sample/v1/configs?year=2019&make=Honda&model=Civic",
            "POST, /api/sample/v0/enrich",
            "GET, /api/sample"})
    void everySandboxRouteAnswers503ServiceUnavailable(String method, String path) throws Exception {
        HttpResponse<String> response = call(method, path);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        String requestId = response.headers().firstValue("X-Request-Id").orElseThrow();
        JsonNode body = JsonMapper.builder().build().readTree(response.body());
        assertThat(body.path("object").asString()).isEqualTo("error");
        assertThat(body.path("error").asString()).isEqualTo("service_unavailable");
        assertThat(body.path("message").asString()).isEqualTo("The sandbox is not available yet in this version");
        assertThat(body.path("request_id").asString()).isEqualTo(requestId);
    }

    @Test
    void healthIsUp() throws Exception {
        HttpResponse<String> response = call("GET", "/actuator/health");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"status\":\"UP\"");
    }

    private HttpResponse<String> call(String method, String path) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(10))
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
