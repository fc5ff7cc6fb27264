package dev.vspec.query.access;

import static dev.vspec.query.ReadModelSeed.CIVIC_LX;
import static dev.vspec.query.ReadModelSeed.CIVIC_LX_VIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.ApiKeys;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.contracts.access.Plan;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Every log line of a full request cycle, at DEBUG for everything (Spring, Tomcat, the pool, jOOQ,
 * vspec's request log), holds no key: not from headers, not from a query string, not from errors.
 */
@ExtendWith(OutputCaptureExtension.class)
class KeysNeverLoggedIT extends SeededRouteIT {

    private LoggingSystem logging;

    @BeforeEach
    void everythingAtDebug() {
        logging = LoggingSystem.get(getClass().getClassLoader());
        logging.setLogLevel(LoggingSystem.ROOT_LOGGER_NAME, LogLevel.DEBUG);
        logging.setLogLevel("vspec.requests", LogLevel.DEBUG);
        // the test's own HTTP client, which logs the URLs it is asked to call
        logging.setLogLevel("jdk.internal.httpclient", LogLevel.WARN);
    }

    @AfterEach
    void backToNormal() {
        logging.setLogLevel(LoggingSystem.ROOT_LOGGER_NAME, LogLevel.INFO);
        logging.setLogLevel("vspec.requests", null);
        logging.setLogLevel("jdk.internal.httpclient", null);
    }

    @Test
    void noKeyAppearsInAnyLogLineOfAFullRequestCycle(CapturedOutput output) {
        ApiKeyStore keys = new ApiKeyStore(db);
        IssuedKey free = keys.issue(NewKey.of("log test", Plan.FREE));
        IssuedKey revoked = keys.issue(NewKey.of("log test, revoked", Plan.FREE));
        keys.revoke(Long.toString(revoked.record().id()));
        String unknown = ApiKeys.generate();
        Api client = new Api(port);

        List<Integer> statuses = List.of(
                client.getWith("/api/v1/fluids?config_key=" + CIVIC_LX, "x-api-key", free.key())
                        .status(),
                client.getWith(
                                "/api/v1/vehicle?config_key=" + CIVIC_LX + "&include=fluids,labor",
                                "Authorization",
                                "Bearer " + free.key())
                        .status(),
                client.getWith("/api/v1/fluids?config_key=" + CIVIC_LX + "&api_key=" + free.key())
                        .status(),
                client.getWith(
                                "/api/v1/fluids?key=" + free.key() + "&config_key=" + CIVIC_LX,
                                "X-Forwarded-For",
                                "10.99.0.1")
                        .status(),
                client.getWith("/api/v0/service-history?vin=" + CIVIC_LX_VIN, "x-api-key", free.key())
                        .status(),
                client.getWith("/api/v1/fluids?config_key=2019-none-such-x-y", "x-api-key", free.key())
                        .status(),
                client.getWith(
                                "/api/v1/fluids?config_key=" + CIVIC_LX,
                                "x-api-key",
                                revoked.key(),
                                "X-Forwarded-For",
                                "10.99.0.2")
                        .status(),
                client.getWith(
                                "/api/v1/fluids?config_key=" + CIVIC_LX,
                                "x-api-key",
                                unknown,
                                "X-Forwarded-For",
                                "10.99.0.3")
                        .status());

        assertThat(statuses).containsExactly(200, 200, 401, 401, 403, 404, 401, 401);
        String logs = output.getAll();
        assertThat(logs).contains("vspec.requests", "api_key=[redacted]", "key=[redacted]");
        for (String key : List.of(free.key(), revoked.key(), unknown)) {
            assertThat(logs).doesNotContain(key);
            // nor the secret part of it on its own, e.g. URL-encoded or split
            assertThat(logs).doesNotContain(key.substring(ApiKeys.DISPLAY_PREFIX_LENGTH));
        }
    }
}
