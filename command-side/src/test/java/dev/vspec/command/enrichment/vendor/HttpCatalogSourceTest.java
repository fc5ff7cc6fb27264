package dev.vspec.command.enrichment.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.vspec.command.enrichment.vendor.CatalogSource.UpstreamRefused;
import dev.vspec.command.enrichment.vendor.CatalogSource.UpstreamUnavailable;
import dev.vspec.command.enrichment.vendor.VendorProperties.Source;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.testing.StubVendor;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryRegistry;
import io.github.resilience4j.retry.event.RetryOnRetryEvent;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The HTTP vendor adapter over real HTTP against {@link StubVendor}, serving the shipped reference vendor's data. */
class HttpCatalogSourceTest {

    private static final Resource SHIPPED = new DefaultResourceLoader().getResource(ReferenceCatalogSource.SHIPPED);
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    /** The shipped reference catalog as one-configuration documents, in file order. */
    private static final List<ObjectNode> DOCUMENTS = referenceDocuments();
    /** A VIN of the first configuration, another VIN of it, and a VIN of the second configuration. */
    private static final Vin ASKED = vin(0, 0);

    private static final Vin SIBLING = vin(0, 1);
    private static final Vin OTHER_CONFIGURATION = vin(1, 0);
    /** Sample data: a VIN of the first configuration's vehicle that no document lists, asked about by identity. */
    private static final Vin UNLISTED = Vin.parse("2T3P1RFV2NW999901");
    /** The first configuration's identity as vPIC writes it: the make in capitals. */
    private static final CatalogIdentity IDENTITY = identity(0);

    /** Never reached by a vendor that answers, however busy the machine: only the slow vendor's test waits for one. */
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** The timeouts of the test that waits for them. */
    private static final Duration SHORT_TIMEOUT = Duration.ofMillis(300);

    private static final Duration BACKOFF_BASE = Duration.ofMillis(40);
    private static final Duration BACKOFF_CAP = Duration.ofSeconds(2);
    private static final Duration OPEN_FOR = Duration.ofSeconds(30);
    /** A trial call goes through once the open duration has passed, strictly after it (Resilience4j's OpenState). */
    private static final Duration PAST = Duration.ofMillis(1);

    private static final int MAX_ATTEMPTS = 4;

    private final StubVendor stub = StubVendor.start();
    private final FakeClock clock = new FakeClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private RetryRegistry retryRegistry;

    @AfterEach
    void stopStub() {
        stub.close();
    }

    @Test
    void aKnownVinAnswersTheSameCommandsAsTheReferenceVendorLinkingOnlyThatVin() {
        serveReferenceDocuments();

        UpstreamConfiguration answer = source(null).findByVin(ASKED).orElseThrow();

        UpstreamConfiguration reference =
                new ReferenceCatalogSource(SHIPPED).findByVin(ASKED).orElseThrow();
        assertThat(answer.configKey()).isEqualTo(reference.configKey());
        assertThat(answer.commands())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("source")
                .containsExactlyElementsOf(reference.commands());
        FactSource vendor = answer.commands().get(0).source();
        assertThat(vendor.kind()).isEqualTo(FactSource.VENDOR);
        assertThat(vendor.name())
                .isEqualTo("catalog vendor at " + stub.baseUrl().getHost());
        assertThat(vendor.responseMillis()).isNotNull().isBetween(0L, TIMEOUT.toMillis());
        assertThat(answer.commands()).extracting(CatalogCommand::source).containsOnly(vendor);
        assertThat(answer.commands())
                .filteredOn(LinkVin.class::isInstance)
                .containsExactly(new LinkVin(ASKED.value(), answer.configKey(), vendor));
        assertThat(answer.commands())
                .allSatisfy(command -> assertThat(command.toString())
                        .doesNotContain(SIBLING.value())
                        .doesNotContain(OTHER_CONFIGURATION.value()));
        assertThat(stub.requests(ASKED.value())).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void aVinTheVendorDoesNotKnowIsEmptyWithoutRetrying() {
        assertThat(source(null).findByVin(ASKED)).isEmpty();

        assertThat(stub.requests(ASKED.value())).isEqualTo(1);
    }

    @Test
    void twoFailuresThenAnAnswerTakeThreeRequestsWithJitteredGrowingWaits() {
        serveReferenceDocuments();
        stub.failNext(2, 503);

        assertThat(source(null).findByVin(ASKED)).isPresent();

        assertThat(stub.requests(ASKED.value())).isEqualTo(3);
        assertThat(waits).containsExactly(BACKOFF_BASE.dividedBy(2), BACKOFF_BASE);
    }

    /** Each request is timed by lookup and outcome (its status, or the failure that left none). */
    @Test
    void everyRequestIsTimedByLookupAndOutcome() {
        serveReferenceDocuments();
        serveIdentityDocuments();
        stub.failNext(2, 503);
        HttpCatalogSource source = source(null);

        assertThat(source.findByVin(ASKED)).isPresent();
        assertThat(source.findByIdentity(IDENTITY, UNLISTED)).isPresent();

        assertThat(requests("vin", "503")).isEqualTo(2);
        assertThat(requests("vin", "200")).isEqualTo(1);
        assertThat(requests("identity", "200")).isEqualTo(1);
    }

    private long requests(String lookup, String outcome) {
        return meters.get(HttpCatalogSource.REQUESTS_METRIC)
                .tags("lookup", lookup, "outcome", outcome)
                .timer()
                .count();
    }

    /** Resilience4j's retry counts each lookup once, by how it ended, and tells each retry with its wait. */
    @Test
    void theRetryCountsEachLookupByHowItEndedAndTellsEachRetry() {
        serveReferenceDocuments();
        HttpCatalogSource source = source(properties(null, 2, 5));
        List<RetryOnRetryEvent> retries = new CopyOnWriteArrayList<>();
        retry().getEventPublisher().onRetry(retries::add);

        stub.failNext(1, 503);
        assertThat(source.findByVin(ASKED)).isPresent();
        assertThat(source.findByVin(SIBLING)).isPresent();
        stub.failNext(2, 503);
        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        stub.failNext(1, 429, Map.of("Retry-After", "3600"));
        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        stub.failUntilRecovered(405);
        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamRefused.class);

        Retry.Metrics counted = retry().getMetrics();
        assertThat(retry().getName()).isEqualTo(HttpCatalogSource.RETRY);
        assertThat(counted.getNumberOfSuccessfulCallsWithRetryAttempt())
                .as("503, then the answer")
                .isEqualTo(1);
        assertThat(counted.getNumberOfSuccessfulCallsWithoutRetryAttempt())
                .as("answered at once")
                .isEqualTo(1);
        assertThat(counted.getNumberOfFailedCallsWithRetryAttempt())
                .as("503 on both attempts")
                .isEqualTo(1);
        assertThat(counted.getNumberOfFailedCallsWithoutRetryAttempt())
                .as("Retry-After beyond the cap; refused")
                .isEqualTo(2);
        assertThat(retries)
                .as("one retry per lookup that waited, with the wait the sleeper got")
                .extracting(RetryOnRetryEvent::getNumberOfRetryAttempts, RetryOnRetryEvent::getWaitInterval)
                .containsExactly(tuple(1, BACKOFF_BASE.dividedBy(2)), tuple(1, BACKOFF_BASE.dividedBy(2)));
        assertThat(waits).containsExactly(BACKOFF_BASE.dividedBy(2), BACKOFF_BASE.dividedBy(2));
    }

    /** A lookup the breaker stops counts once too, and no retry is told that the breaker then refused. */
    @Test
    void aLookupTheBreakerEndsCountsAsFailedWithoutAnotherRetry() {
        serveReferenceDocuments();
        stub.failUntilRecovered(503);
        HttpCatalogSource source = source(properties(null, 3, 2));
        List<RetryOnRetryEvent> retries = new CopyOnWriteArrayList<>();
        retry().getEventPublisher().onRetry(retries::add);

        assertThatThrownBy(() -> source.findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("paused until");
        assertThatThrownBy(() -> source.findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("paused until");

        assertThat(stub.requests()).as("the second failure opened it").isEqualTo(2);
        assertThat(retries).hasSize(1);
        assertThat(retry().getMetrics().getNumberOfFailedCallsWithoutRetryAttempt())
                .isEqualTo(2);
        assertThat(retry().getMetrics().getNumberOfFailedCallsWithRetryAttempt())
                .isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {408, 425, 429, 500, 502, 503, 504})
    void everyTransientStatusIsRetried(int status) {
        serveReferenceDocuments();
        stub.failNext(1, status);

        assertThat(source(null).findByVin(ASKED)).isPresent();

        assertThat(stub.requests(ASKED.value())).isEqualTo(2);
    }

    @Test
    void aVendorAlwaysFailingIsUnavailableAfterExactlyMaxAttemptsRequests() {
        serveReferenceDocuments();
        stub.failUntilRecovered(503);

        assertThatThrownBy(() -> source(null).findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("after " + MAX_ATTEMPTS + " requests")
                .hasMessageContaining("HTTP 503");

        assertThat(stub.requests(ASKED.value())).isEqualTo(MAX_ATTEMPTS);
        assertThat(waits).hasSize(MAX_ATTEMPTS - 1);
    }

    @Test
    void aRetryAfterWithinTheCapIsWaitedInsteadOfTheBackoff() {
        serveReferenceDocuments();
        String inOneSecond = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                clock.instant().plusSeconds(1).atOffset(ZoneOffset.UTC));
        stub.failNext(1, 429, Map.of("Retry-After", "2"));

        assertThat(source(null).findByVin(ASKED)).isPresent();
        stub.failNext(1, 503, Map.of("Retry-After", inOneSecond));
        assertThat(source(null).findByVin(ASKED)).isPresent();

        assertThat(waits).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(1));
    }

    @Test
    void aRetryAfterBeyondTheCapEndsTheLookupAtOnce() {
        serveReferenceDocuments();
        stub.failNext(1, 429, Map.of("Retry-After", "3600"));

        assertThatThrownBy(() -> source(null).findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("Retry-After");

        assertThat(stub.requests(ASKED.value())).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void aVendorSlowerThanTheRequestTimeoutIsUnavailableWithinTheLookupBound() {
        serveReferenceDocuments();
        stub.slow(Duration.ofSeconds(5));
        VendorProperties properties = properties(null, 2, 5, SHORT_TIMEOUT);

        long started = System.nanoTime();
        assertThatThrownBy(() -> source(properties).findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("no answer within " + SHORT_TIMEOUT);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(took)
                .as("two attempts, each ended by the timeout")
                .isGreaterThan(SHORT_TIMEOUT.multipliedBy(2).minusMillis(50))
                .isLessThan(properties.longestLookup());
        assertThat(stub.requests(ASKED.value())).isEqualTo(2);
    }

    @Test
    void aVendorDroppingConnectionsIsUnavailable() {
        serveReferenceDocuments();
        stub.down();

        assertThatThrownBy(() -> source(null).findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("the connection failed")
                .as("the job's error message, which the client polls, names no class")
                .hasMessageNotContaining("Exception");

        assertThat(waits).as("attempts after the first").hasSize(MAX_ATTEMPTS - 1);
        assertThat(stub.requests(ASKED.value()))
                .as("the JDK client repeats a GET once on a connection closed unanswered")
                .isBetween(MAX_ATTEMPTS, 2 * MAX_ATTEMPTS);
    }

    @Test
    void aVendorNobodyListensForIsUnavailable() {
        HttpCatalogSource source = source(null);
        stub.close();

        assertThatThrownBy(() -> source.findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("could not connect");
        assertThat(waits).hasSize(MAX_ATTEMPTS - 1);
        assertThat(requests("vin", "connect_failed"))
                .as("timed as a failure without an answer")
                .isEqualTo(MAX_ATTEMPTS);
    }

    @Test
    void theBreakerOpensAfterTheThresholdFailsFastAndClosesOnceTheVendorAnswersAfterTheOpenDuration() {
        serveReferenceDocuments();
        stub.failUntilRecovered(503);
        HttpCatalogSource source = source(properties(null, 2, 3));

        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        assertThat(stub.requests()).as("two failures, below the threshold").isEqualTo(2);
        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        assertThat(stub.requests())
                .as("the third failure opened it: no second attempt")
                .isEqualTo(3);

        stub.recover();
        assertThatThrownBy(() -> source.findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("paused until " + clock.instant().plus(OPEN_FOR));
        clock.advance(OPEN_FOR.minusSeconds(1));
        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        assertThat(stub.requests()).as("open: no request reaches the vendor").isEqualTo(3);

        clock.advance(Duration.ofSeconds(1).plus(PAST));
        assertThat(source.findByVin(ASKED)).as("the half-open trial").isPresent();
        assertThat(source.findByVin(SIBLING)).as("closed again").isPresent();
        assertThat(stub.requests()).isEqualTo(5);
    }

    @Test
    void aFailedTrialOpensTheBreakerAgain() {
        serveReferenceDocuments();
        stub.failUntilRecovered(500);
        HttpCatalogSource source = source(properties(null, 1, 1));
        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        clock.advance(OPEN_FOR.plus(PAST));

        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        assertThatThrownBy(() -> source.findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("paused");

        assertThat(stub.requests()).as("the first call and the trial").isEqualTo(2);
    }

    static Stream<Arguments> refusedAnswers() {
        return Stream.of(
                Arguments.of("not JSON", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        "{\"format\": \"vspec-catalog/1\", \"configurations\": [{\"label\": \"Mrs Smith, 555-0100\"")),
                Arguments.of("a field twice", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        document(0).toString().replaceFirst("\\{", "{\"format\": \"vspec-catalog/1\", "))),
                Arguments.of("about another configuration's VIN", (Consumer<StubVendor>)
                        stub -> stub.serve(ASKED.value(), document(1).toString())),
                Arguments.of("two configurations", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        withConfigurations(document(0), document(1)).toString())),
                Arguments.of("no configuration", (Consumer<StubVendor>)
                        stub -> stub.serve(ASKED.value(), withConfigurations().toString())),
                Arguments.of("an empty body", (Consumer<StubVendor>) stub -> stub.serve(ASKED.value(), "")),
                Arguments.of("content after the document", (Consumer<StubVendor>)
                        stub -> stub.serve(ASKED.value(), document(0) + " {\"customer\": \"Jane Doe\"}")),
                Arguments.of("a list", (Consumer<StubVendor>) stub -> stub.serve(ASKED.value(), "[]")),
                Arguments.of("another format", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        document(0).put("format", "vspec-catalog/2").toString())),
                Arguments.of("a year the catalog refuses", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(), configured(0, c -> c.put("year", 1850)).toString())),
                Arguments.of("an unknown configuration field", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        configured(0, c -> c.put("owner", "Jane Doe")).toString())),
                Arguments.of("personal data as a field's name", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        configured(0, c -> c.put("Jane Doe 555-0100", 1)).toString())),
                Arguments.of("personal data as a price", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        configured(
                                        0,
                                        c -> ((ObjectNode) c.get("parts")
                                                        .get(0)
                                                        .get("prices")
                                                        .get(0))
                                                .put("amount", "Jane Doe 555-0100"))
                                .toString())),
                Arguments.of("an image", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        configured(
                                        0,
                                        c -> c.putObject("image")
                                                .put("content_type", "image/png")
                                                .put("path", "a.png"))
                                .toString())),
                Arguments.of("a history out of date order", (Consumer<StubVendor>) stub -> stub.serve(
                        ASKED.value(),
                        configured(0, c -> c.putObject("service_history").set(ASKED.value(), JSON.readTree("""
                                [{"performed_on": "2024-05-01", "odometer_km": 20000, "performed_by": "dealer",
                                  "services": ["engine_oil_change"]},
                                 {"performed_on": "2023-05-01", "odometer_km": 10000, "performed_by": "dealer",
                                  "services": ["engine_oil_change"]}]""")))
                                .toString())),
                Arguments.of("an answer over the size limit", (Consumer<StubVendor>)
                        stub -> stub.serve(ASKED.value(), " ".repeat(VendorRequests.MAX_ANSWER_BYTES + 1))),
                Arguments.of("HTTP 400", (Consumer<StubVendor>) stub -> stub.failUntilRecovered(400)),
                Arguments.of("HTTP 401", (Consumer<StubVendor>) stub -> stub.failUntilRecovered(401)),
                Arguments.of("HTTP 403", (Consumer<StubVendor>) stub -> stub.failUntilRecovered(403)),
                Arguments.of("HTTP 410", (Consumer<StubVendor>) stub -> stub.failUntilRecovered(410)),
                Arguments.of("a redirect", (Consumer<StubVendor>)
                        stub -> stub.failNext(1, 301, Map.of("Location", "http://127.0.0.1:9/v1/vins/" + ASKED))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedAnswers")
    void anAnswerOutsideTheContractIsRefusedAtOnceWithoutRepeatingIt(String answer, Consumer<StubVendor> vendor) {
        vendor.accept(stub);

        assertThatThrownBy(() -> source(null).findByVin(ASKED))
                .isInstanceOf(UpstreamRefused.class)
                .satisfies(refused -> assertThat(refused.getMessage())
                        .doesNotContain("Smith")
                        .doesNotContain("555")
                        .doesNotContain("Jane"));

        assertThat(stub.requests(ASKED.value())).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void refusedAnswersDoNotOpenTheBreaker() {
        stub.serve(ASKED.value(), "not json");
        serveDocument(SIBLING, document(0));
        HttpCatalogSource source = source(properties(null, 1, 2));

        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamRefused.class);
        }

        assertThat(source.findByVin(SIBLING)).isPresent();
    }

    @Test
    void theTokenIsSentAsABearerTokenAndNothingWithoutOne() {
        serveReferenceDocuments();

        source(properties("s3cr3t.token-42", MAX_ATTEMPTS, 5)).findByVin(ASKED);
        assertThat(stub.lastAuthorization()).isEqualTo("Bearer s3cr3t.token-42");

        source(properties("s3cr3t.token-42", MAX_ATTEMPTS, 5)).findByIdentity(IDENTITY, UNLISTED);
        assertThat(stub.lastAuthorization()).as("by identity").isEqualTo("Bearer s3cr3t.token-42");

        source(null).findByVin(ASKED);
        assertThat(stub.lastAuthorization()).isNull();
    }

    @Test
    void personalDataInTheVendorsServiceHistoryReachesNoCommand() {
        ObjectNode document = configured(
                0,
                c -> c.set("service_history", JSON.readTree("""
                {"%s": [
                   {"performed_on": "2023-04-02", "odometer_miles": 5012, "odometer_km": 8066, "performed_by": "dealer",
                    "services": ["engine_oil_change", "called Mrs Smith at 555-0100", "tire_rotation"],
                    "customer_name": "Jane Doe", "phone": "+1 (555) 010-0199", "email": "jane.doe@example.com",
                    "plate": "7ABC123", "address": "42 Elm Street, Springfield", "notes": "Jane says it squeaks"},
                   {"performed_on": "2023-09-12", "odometer_km": 15120, "performed_by": "Bob Builder Motors",
                    "services": ["brake_pad_replacement"]},
                   {"performed_on": "2024-02-20", "odometer_miles": 14020, "performed_by": "independent",
                    "services": ["jane.doe@example.com"]},
                   {"performed_on": "2024-03-30", "odometer_km": 24001, "performed_by": "owner",
                    "services": ["wiper_blades"], "vin_owner": {"name": "Jane Doe", "licence": "D1234567"}}
                 ],
                 "%s": [
                   {"performed_on": "2022-01-01", "odometer_miles": 100, "performed_by": "owner",
                    "services": ["tire_rotation"], "customer_name": "John Roe"}
                 ]}""".formatted(
                                ASKED.value().toLowerCase(), SIBLING))));
        serveDocument(ASKED, document);

        UpstreamConfiguration answer = source(null).findByVin(ASKED).orElseThrow();

        List<String> planted = List.of(
                "Smith",
                "555",
                "Jane",
                "Jane Doe",
                "example.com",
                "@",
                "7ABC123",
                "Elm Street",
                "Springfield",
                "squeaks",
                "Bob",
                "Builder",
                "D1234567",
                "John",
                "John Roe");
        for (CatalogCommand command : answer.commands()) {
            for (String text : planted) {
                assertThat(command.toString()).as(text).doesNotContainIgnoringCase(text);
            }
        }
        assertThat(answer.commands())
                .filteredOn(RecordServiceHistory.class::isInstance)
                .containsExactly(new RecordServiceHistory(
                        ASKED.value(),
                        List.of(
                                new ServiceRecord(
                                        LocalDate.parse("2023-04-02"),
                                        5012,
                                        8066,
                                        "dealer",
                                        List.of("engine_oil_change", "tire_rotation")),
                                new ServiceRecord(
                                        LocalDate.parse("2024-03-30"), null, 24001, "owner", List.of("wiper_blades"))),
                        answer.commands().get(0).source()));
    }

    @Test
    void aKnownIdentityAnswersTheSameCommandsAsTheReferenceVendorLinkingNoVin() {
        serveIdentityDocuments();

        UpstreamConfiguration answer =
                source(null).findByIdentity(IDENTITY, UNLISTED).orElseThrow();

        UpstreamConfiguration reference = new ReferenceCatalogSource(SHIPPED)
                .findByIdentity(IDENTITY, UNLISTED)
                .orElseThrow();
        assertThat(answer.configKey()).isEqualTo(reference.configKey()).isEqualTo(IDENTITY.configKey());
        assertThat(answer.commands())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("source")
                .containsExactlyElementsOf(reference.commands());
        FactSource vendor = answer.commands().get(0).source();
        assertThat(vendor.kind()).isEqualTo(FactSource.VENDOR);
        assertThat(answer.commands()).extracting(CatalogCommand::source).containsOnly(vendor);
        assertThat(answer.commands())
                .as("the enrichment links the VIN itself, with vPIC as its source")
                .noneMatch(LinkVin.class::isInstance)
                .noneMatch(RecordServiceHistory.class::isInstance);
        assertThat(stub.configurationRequests()).isEqualTo(1);
        assertThat(stub.requests()).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void anIdentityTheVendorDoesNotKnowIsEmptyWithoutRetrying() {
        serveReferenceDocuments();

        assertThat(source(null).findByIdentity(IDENTITY, UNLISTED))
                .as("as from a vendor without the identity lookup")
                .isEmpty();

        assertThat(stub.configurationRequests()).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void theIdentityIsSentAsPercentEncodedQueryParametersWithADrivetrainOnlyWhenKnown() {
        CatalogIdentity awkward =
                new CatalogIdentity(2024, "Rolls & Royce", "Range Rover Sport", "HSE+ Dynamic=1", "5.0 V8/SC", null);

        assertThat(source(null).findByIdentity(awkward, UNLISTED)).isEmpty();
        assertThat(stub.lastConfigurationQuery())
                .doesNotContain(" ")
                .doesNotContain("+")
                .doesNotContain("drivetrain");
        Map<String, String> sent = new LinkedHashMap<>();
        sent.put("year", "2024");
        sent.put("make", "Rolls & Royce");
        sent.put("model", "Range Rover Sport");
        sent.put("trim", "HSE+ Dynamic=1");
        sent.put("engine_code", "5.0 V8/SC");
        assertThat(stub.lastConfigurationParameters()).containsExactlyEntriesOf(sent);

        source(null).findByIdentity(new CatalogIdentity(2024, "Land Rover", "Defender", "X", "P400", "4WD"), UNLISTED);
        assertThat(stub.lastConfigurationParameters())
                .containsEntry("make", "Land Rover")
                .containsEntry("drivetrain", "4WD");
    }

    @Test
    void vinLinksAndServiceHistoriesInAnIdentityAnswerAreDroppedUnread() {
        ObjectNode document = configured(0, c -> c.set("service_history", JSON.readTree("""
                {"%s": [
                   {"performed_on": "2024-05-01", "odometer_km": 20000, "performed_by": "dealer",
                    "services": ["engine_oil_change"], "customer_name": "Jane Doe"},
                   {"performed_on": "2023-05-01", "odometer_km": 10000, "performed_by": "Bob Builder Motors",
                    "services": ["called Mrs Smith at 555-0100"]}
                 ]}""".formatted(ASKED))));
        stub.serveConfiguration(IDENTITY.configKey(), document.toString());

        UpstreamConfiguration answer =
                source(null).findByIdentity(IDENTITY, UNLISTED).orElseThrow();

        assertThat(answer.configKey()).isEqualTo(IDENTITY.configKey());
        assertThat(answer.commands())
                .noneMatch(LinkVin.class::isInstance)
                .noneMatch(RecordServiceHistory.class::isInstance);
        assertThat(answer.commands())
                .allSatisfy(command -> assertThat(command.toString())
                        .doesNotContain(ASKED.value())
                        .doesNotContain(SIBLING.value())
                        .doesNotContain("Jane")
                        .doesNotContain("Smith")
                        .doesNotContain("Bob"));
    }

    static Stream<Arguments> refusedIdentityAnswers() {
        return Stream.of(
                Arguments.of("about another identity", identityDocument(1).toString()),
                Arguments.of(
                        "about another year", identityDocument(0).toString().replace("\"year\":2022", "\"year\":2021")),
                Arguments.of(
                        "about another drivetrain",
                        identityDocument(0).toString().replace("\"AWD\"", "\"FWD\"")),
                Arguments.of(
                        "two configurations",
                        withConfigurations(identityDocument(0), identityDocument(0))
                                .toString()),
                Arguments.of("not JSON", "{\"format\": \"vspec-catalog/1\", \"configurations\": [{\"label\": \"Jane"),
                Arguments.of(
                        "an unknown field",
                        configured(0, c -> c.put("owner", "Jane Doe")).toString()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedIdentityAnswers")
    void anIdentityAnswerOutsideTheContractIsRefusedAtOnceWithoutRepeatingIt(String answer, String body) {
        stub.serveConfiguration(IDENTITY.configKey(), body);

        assertThatThrownBy(() -> source(null).findByIdentity(IDENTITY, UNLISTED))
                .isInstanceOf(UpstreamRefused.class)
                .satisfies(refused ->
                        assertThat(refused.getMessage()).doesNotContain("Jane").doesNotContain("Civic"));

        assertThat(stub.configurationRequests()).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void anIdentityPathAnsweredOutsideTheContractIsRefused() {
        stub.failUntilRecovered(405);

        assertThatThrownBy(() -> source(null).findByIdentity(IDENTITY, UNLISTED))
                .isInstanceOf(UpstreamRefused.class)
                .hasMessageContaining("HTTP 405");
    }

    @Test
    void aTransientFailureByIdentityIsRetriedAfterTheBackoff() {
        serveIdentityDocuments();
        stub.failNext(1, 503);

        assertThat(source(null).findByIdentity(IDENTITY, UNLISTED)).isPresent();

        assertThat(stub.configurationRequests()).isEqualTo(2);
        assertThat(waits).containsExactly(BACKOFF_BASE.dividedBy(2));
    }

    @Test
    void aRetryAfterBeyondTheCapEndsAnIdentityLookupAtOnce() {
        serveIdentityDocuments();
        stub.failNext(1, 429, Map.of("Retry-After", "3600"));

        assertThatThrownBy(() -> source(null).findByIdentity(IDENTITY, UNLISTED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("Retry-After");
        assertThat(stub.configurationRequests()).isEqualTo(1);
    }

    @Test
    void lookupsByVinAndByIdentityShareOneBreaker() {
        serveReferenceDocuments();
        serveIdentityDocuments();
        stub.failUntilRecovered(503);
        HttpCatalogSource source = source(properties(null, 1, 2));

        assertThatThrownBy(() -> source.findByVin(ASKED)).isInstanceOf(UpstreamUnavailable.class);
        assertThatThrownBy(() -> source.findByIdentity(IDENTITY, UNLISTED)).isInstanceOf(UpstreamUnavailable.class);
        assertThat(stub.requests()).as("one failure of each opened it").isEqualTo(2);

        stub.recover();
        assertThatThrownBy(() -> source.findByVin(ASKED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("paused");
        assertThatThrownBy(() -> source.findByIdentity(IDENTITY, UNLISTED))
                .isInstanceOf(UpstreamUnavailable.class)
                .hasMessageContaining("paused");
        assertThat(stub.requests()).as("open: no request reaches the vendor").isEqualTo(2);

        clock.advance(OPEN_FOR.plus(PAST));
        assertThat(source.findByIdentity(IDENTITY, UNLISTED))
                .as("the half-open trial, by identity")
                .isPresent();
        assertThat(source.findByVin(ASKED))
                .as("closed again for lookups by VIN")
                .isPresent();
    }

    private HttpCatalogSource source(VendorProperties properties) {
        retryRegistry = RetryRegistry.ofDefaults();
        return new HttpCatalogSource(
                properties == null ? properties(null, MAX_ATTEMPTS, 5) : properties,
                CircuitBreakerRegistry.ofDefaults(),
                retryRegistry,
                meters,
                clock,
                () -> 0.5,
                waits::add);
    }

    /** The retry of the last source made, as metrics find it. */
    private Retry retry() {
        return retryRegistry.retry(HttpCatalogSource.RETRY);
    }

    private VendorProperties properties(String token, int maxAttempts, int breakerThreshold) {
        return properties(token, maxAttempts, breakerThreshold, TIMEOUT);
    }

    private VendorProperties properties(String token, int maxAttempts, int breakerThreshold, Duration timeout) {
        return new VendorProperties(
                Source.HTTP,
                stub.baseUrl().toString(),
                token,
                timeout,
                timeout,
                maxAttempts,
                BACKOFF_BASE,
                BACKOFF_CAP,
                breakerThreshold,
                OPEN_FOR,
                null);
    }

    private void serveReferenceDocuments() {
        for (int i = 0; i < DOCUMENTS.size(); i++) {
            for (var vin : DOCUMENTS.get(i).get("configurations").get(0).get("vins")) {
                serveDocument(Vin.parse(vin.stringValue()), document(i));
            }
        }
    }

    private void serveDocument(Vin vin, ObjectNode document) {
        stub.serve(vin.value(), document.toString());
    }

    /** Each reference configuration under its identity, as the contract's answer by identity: no VINs, no histories. */
    private void serveIdentityDocuments() {
        for (int i = 0; i < DOCUMENTS.size(); i++) {
            stub.serveConfiguration(identity(i).configKey(), identityDocument(i).toString());
        }
    }

    /** The reference document at {@code index} as an answer by identity. */
    private static ObjectNode identityDocument(int index) {
        return configured(index, c -> {
            c.remove("vins");
            c.remove("service_history");
        });
    }

    /** The identity of the reference configuration at {@code index}, with the make in capitals as vPIC writes it. */
    private static CatalogIdentity identity(int index) {
        JsonNode c = DOCUMENTS.get(index).get("configurations").get(0);
        return new CatalogIdentity(
                c.get("year").intValue(),
                c.get("make").stringValue().toUpperCase(Locale.ROOT),
                c.get("model").stringValue(),
                c.get("trim").stringValue(),
                c.get("engine_code").stringValue(),
                c.has("drivetrain") ? c.get("drivetrain").stringValue() : null);
    }

    /** A fresh copy of the reference document at {@code index}. */
    private static ObjectNode document(int index) {
        return DOCUMENTS.get(index).deepCopy();
    }

    /** The reference document at {@code index}, its configuration changed by {@code change}. */
    private static ObjectNode configured(int index, Consumer<ObjectNode> change) {
        ObjectNode document = document(index);
        change.accept((ObjectNode) document.get("configurations").get(0));
        return document;
    }

    private static ObjectNode withConfigurations(ObjectNode... documents) {
        ObjectNode document = documents.length == 0 ? JSON.createObjectNode() : documents[0].deepCopy();
        document.put("format", "vspec-catalog/1");
        ArrayNode configurations = document.putArray("configurations");
        for (ObjectNode each : documents) {
            configurations.add(each.get("configurations").get(0).deepCopy());
        }
        return document;
    }

    private static Vin vin(int configuration, int index) {
        return Vin.parse(DOCUMENTS
                .get(configuration)
                .get("configurations")
                .get(0)
                .get("vins")
                .get(index)
                .stringValue());
    }

    private static List<ObjectNode> referenceDocuments() {
        ObjectNode catalog;
        try (InputStream in = SHIPPED.getInputStream()) {
            catalog = (ObjectNode) JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<ObjectNode> documents = new ArrayList<>();
        for (var configuration : catalog.get("configurations")) {
            ObjectNode document = JSON.createObjectNode();
            document.put("format", catalog.get("format").stringValue());
            document.putArray("configurations").add(configuration.deepCopy());
            documents.add(document);
        }
        return documents;
    }
}
