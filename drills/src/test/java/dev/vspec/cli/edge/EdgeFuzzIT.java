package dev.vspec.cli.edge;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.AppenderBase;
import dev.vspec.cli.stack.Deployable;
import dev.vspec.cli.stack.LocalStack;
import dev.vspec.cli.stack.StackSettings;
import dev.vspec.testing.RawHttp;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A bounded fuzz of the public edge: {@link #REQUESTS_PER_SEED} hostile requests per seed ({@link FuzzedRequests};
 * 1,500 unless {@code -Dvspec.fuzz.requests=N} says otherwise) through the gateway of the whole local stack, once with a
 * fixed seed and once with a new one per run (printed; replay it with {@code -Dvspec.fuzz.seed=N}). Every answer is below 500; every answer that is not a success is
 * the specification's JSON error with {@code error} and {@code message} and names no class; nothing logged during
 * the run carries a stack trace or anything shaped like a key, and the log grows by far fewer lines than requests.
 */
class EdgeFuzzIT {

    private static final org.slf4j.Logger log = LoggerFactory.getLogger(EdgeFuzzIT.class);
    /** Enough for every kind of request many times over (FuzzedRequests has a few dozen); more is CI time. */
    static final int REQUESTS_PER_SEED = Integer.getInteger("vspec.fuzz.requests", 1_500);

    private static final int MAX_REQUESTS_PER_LOG_LINE = 20;
    private static final long FIXED_SEED = 20261124L;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b(?:java|javax|jakarta|tools\\.jackson|com\\.fasterxml|org\\.(?:springframework|apache|postgresql|jooq|axonframework|hibernate)"
                    + "|io\\.micrometer|dev\\.vspec)\\.[A-Za-z_$][\\w$]*|\\w+Exception\\b");
    /** A key, or more of one than operators are shown ({@code vsk_live_} and 8 characters). */
    private static final Pattern KEY_SHAPED = Pattern.compile("vsk_(?:live|test)_[0-9A-Za-z]{9,}");

    @TempDir
    static Path dataDir;

    private static TestDatabase database;
    private static LocalStack stack;
    private static FuzzedRequests requests;
    private static final Queue<ILoggingEvent> logged = new ConcurrentLinkedQueue<>();
    private static final AppenderBase<ILoggingEvent> collector = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            logged.add(event);
        }
    };

    @BeforeAll
    static void startTheStack() throws IOException {
        database = TestDatabase.createWithVpic("vspec_fuzz");
        // Every request comes from one address: the per-address limits (the sandbox's, and the hold-off after ten
        // failed authentications, which refuses even valid keys) would answer nearly everything 429 within a minute.
        // The limits have tests of their own; here they stay out of the way of the routes.
        stack = LocalStack.start(
                StackSettings.onFreePorts(dataDir, database.url(), database.user(), database.password())
                        .withProperties(Map.of(
                                "vspec.sandbox.requests-per-minute",
                                "100000000",
                                "vspec.sandbox.requests-per-day",
                                "100000000",
                                "vspec.access.failed-authentications-per-minute",
                                "100000000")));
        stack.awaitCaughtUp(Duration.ofMinutes(2), new PrintWriter(Writer.nullWriter()));
        String key = TestKeys.fullAccess(DSL.using(stack.dataSource(), SQLDialect.POSTGRES));
        int port = stack.port(Deployable.GATEWAY);

        RawHttp.Answer document = RawHttp.exchange(
                port,
                "GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nX-API-Key: " + key
                        + "\r\nConnection: close\r\n\r\n");
        assertThat(document.status()).as("the OpenAPI document").isEqualTo(200);
        // the paths are relative to the document's first server, the API's
        String api = document.json().at("/servers/0/url").asString();
        List<String> readPaths = new ArrayList<>();
        document.json().path("paths").properties().forEach(path -> {
            if (path.getValue().has("get")) {
                readPaths.add(api + path.getKey());
            }
        });
        assertThat(readPaths).contains("/api/v1/decode", "/api/v1/fluids", "/api/v1/vehicle", "/api/v1/wmi/{wmi}");

        DSLContext db = DSL.using(stack.dataSource(), SQLDialect.POSTGRES);
        List<String> vins = db.fetch("select vin from read.vin order by vin").getValues(0, String.class);
        List<String> configKeys = db.fetch("select config_key from read.configuration order by config_key")
                .getValues(0, String.class);
        assertThat(vins).isNotEmpty();
        assertThat(configKeys).isNotEmpty();
        requests = new FuzzedRequests(readPaths, vins, configKeys, key, port);
        collector.start();
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).addAppender(collector);
    }

    @AfterAll
    static void stopTheStack() {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(collector);
        if (stack != null) {
            stack.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void aFixedSeed() {
        fuzz(FIXED_SEED);
    }

    @Test
    void aNewSeedEachRun() {
        long seed = Long.getLong("vspec.fuzz.seed", new SecureRandom().nextLong());
        log.info(
                "Seed {} (replay: ./mvnw -pl drills -am verify -Dit.test=EdgeFuzzIT -Dvspec.fuzz.seed={})", seed, seed);
        fuzz(seed);
    }

    private void fuzz(long seed) {
        Random random = new Random(seed);
        int port = stack.port(Deployable.GATEWAY);
        logged.clear();
        List<String> violations = new ArrayList<>();
        Map<String, Integer> statuses = new TreeMap<>();
        for (int i = 0; i < REQUESTS_PER_SEED; i++) {
            FuzzedRequests.Request request = requests.next(random);
            try {
                RawHttp.Answer answer = RawHttp.exchange(port, request.text());
                statuses.merge(answer.status() + errorCodeOf(answer), 1, Integer::sum);
                String problem = problemWith(request, answer);
                if (problem != null) {
                    violations.add("#" + i + " " + problem + " <- " + request);
                }
            } catch (UncheckedIOException e) {
                violations.add("#" + i + " no answer (" + e.getCause().getMessage() + ") <- " + request);
            }
        }
        for (ILoggingEvent event : logged) {
            String text = event.getFormattedMessage()
                    + (event.getThrowableProxy() == null
                            ? ""
                            : "\n" + ThrowableProxyUtil.asString(event.getThrowableProxy()));
            if (KEY_SHAPED.matcher(text).find()) {
                violations.add("a key-shaped string logged by " + event.getLoggerName() + ": " + text);
            }
            if (event.getThrowableProxy() != null) {
                violations.add("a stack trace logged by " + event.getLoggerName() + ": " + abbreviated(text));
            }
        }
        // a client's mistake is one short line at most, and repeated ones are throttled: far fewer lines than requests
        if (logged.size() > REQUESTS_PER_SEED / MAX_REQUESTS_PER_LOG_LINE) {
            violations.add(logged.size() + " lines logged for " + REQUESTS_PER_SEED + " requests");
        }
        Path report = Path.of("target", "edge-fuzz-" + seed + ".txt");
        try {
            Files.write(report, violations);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        log.info(
                "Seed {}, {} requests, answers by status {}, {} log lines; {} violations, all in {}",
                seed,
                REQUESTS_PER_SEED,
                statuses,
                logged.size(),
                violations.size(),
                report.toAbsolutePath());
        assertThat(violations)
                .as(
                        "seed %d (replay with -Dvspec.fuzz.seed=%d): %d violations, the first ones:%n%s",
                        seed,
                        seed,
                        violations.size(),
                        String.join("\n", violations.subList(0, Math.min(25, violations.size()))))
                .isEmpty();
    }

    /** What is wrong with this answer, or null. */
    private static String problemWith(FuzzedRequests.Request request, RawHttp.Answer answer) {
        int status = answer.status();
        if (status >= 500) {
            return status + " " + abbreviated(answer.body());
        }
        boolean redirect = status >= 300 && status < 400 && answer.header("Location") != null;
        if (status < 300 || redirect || status == 304 || !request.expectsBody()) {
            return null;
        }
        String body = answer.body();
        String type = answer.header("Content-Type");
        if (type == null || !type.startsWith("application/json")) {
            return status + " not JSON (" + type + "): " + abbreviated(body);
        }
        JsonNode error;
        try {
            error = JSON.readTree(body);
        } catch (RuntimeException e) {
            return status + " unparsable JSON: " + abbreviated(body);
        }
        if (error.path("error").asString("").isEmpty()
                || error.path("message").asString("").isEmpty()) {
            return status + " without error and message: " + abbreviated(body);
        }
        if (CLASS_NAME.matcher(body).find()) {
            return status + " names a class: " + abbreviated(body);
        }
        return null;
    }

    /** " error_code" of a JSON error answer, else nothing: for the printed tally. */
    private static String errorCodeOf(RawHttp.Answer answer) {
        try {
            String code = answer.json().path("error").asString("");
            return code.isEmpty() ? "" : " " + code;
        } catch (RuntimeException notJson) {
            return "";
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
