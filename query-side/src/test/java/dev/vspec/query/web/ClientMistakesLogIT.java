package dev.vspec.query.web;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A client repeating its mistakes costs the log at most one short line per kind of mistake a minute:
 * no stack trace, no class name, neither in the log nor in the answers.
 */
@ExtendWith(OutputCaptureExtension.class)
class ClientMistakesLogIT extends SeededRouteIT {

    private static final int REPEATS = 20;
    /** A fully qualified class name, e.g. tools.jackson.databind.JsonNode. */
    private static final Pattern CLASS_NAME =
            Pattern.compile("\\b[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+\\.[A-Z][A-Za-z0-9_$]*");

    @Test
    void repeatedMistakesAreOneShortLineEachAndNeverAStackTrace(CapturedOutput output) {
        Api keyless = new Api(port);
        List<Supplier<Reply>> mistakes = List.of(
                () -> api.get("/api/v1/fluids" + query("year", "2019", "make", "honda\u0000", "model", "civic")),
                () -> api.get("/api/v1/fluids?vin=" + CIVIC_LX_VIN + "&vin=" + CIVIC_LX_VIN),
                () -> api.get("/api/v1/fluids?vin=%C3%28"),
                () -> api.get("/api/v1/fluids" + query("vin", "1HGCM8263")),
                () -> api.get("/api/v1/tires"),
                () -> api.get("/api/v1/fluids" + query("config_key", "Foo")),
                () -> api.get("/api/v1/nothing-here"),
                () -> api.get("/error"),
                () -> keyless.send("PUT", "/api/v1/fluids", null),
                () -> api.getWith("/api/v1/fluids" + query("config_key", CIVIC_LX), "Accept", "text/html"),
                // unknown keys from one address: 401 ten times a minute, then 429
                () -> keyless.getWith(
                        "/api/v1/fluids" + query("config_key", CIVIC_LX), "X-Forwarded-For", "198.51.100.7"));
        int before = output.getAll().length();

        for (int i = 0; i < REPEATS; i++) {
            for (Supplier<Reply> mistake : mistakes) {
                Reply reply = mistake.get();
                assertThat(reply.status()).as(reply.text()).isBetween(400, 499);
                assertThat(CLASS_NAME.matcher(reply.text()).find())
                        .as(reply.text())
                        .isFalse();
            }
        }

        String logged = output.getAll().substring(before);
        assertThat(logged).doesNotContain("\tat ", "Caused by", "Exception", "WARN", "ERROR");
        List<String> lines = logged.lines().filter(line -> !line.isBlank()).toList();
        for (String line : lines) {
            String message = line.contains(" : ") ? line.substring(line.indexOf(" : ") + 3) : line;
            assertThat(CLASS_NAME.matcher(message).find()).as(line).isFalse();
        }
        for (String code : List.of(
                "invalid_param",
                "invalid_vin",
                "missing_param",
                "not_found",
                "method_not_allowed",
                "not_acceptable",
                "invalid_api_key",
                "rate_limited")) {
            assertThat(lines.stream().filter(line -> line.contains(" " + code + " ")))
                    .as(code)
                    .hasSizeLessThanOrEqualTo(1);
        }
    }
}
