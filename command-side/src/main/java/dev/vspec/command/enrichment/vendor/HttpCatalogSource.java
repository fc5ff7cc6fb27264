package dev.vspec.command.enrichment.vendor;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.RetryRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP catalog vendor of {@code docs/vendor-contract.md}: {@code GET {base-url}/v1/vins/{VIN}}
 * answers a catalog document of the VIN's configuration (200) or that the VIN is unknown (404), and
 * {@code GET {base-url}/v1/configurations?year=...} likewise for the configuration of an identity.
 *
 * <p>Each request ({@link VendorRequests}) is bounded by the request timeout; a transient failure (no
 * connection, no answer in time, 408, 425, 429, 5xx) is retried as {@link VendorPolicy} says, behind its
 * circuit breaker. So one lookup ends within {@link VendorProperties#longestLookup()}, with an answer,
 * {@link UpstreamUnavailable} or {@link UpstreamRefused}.
 *
 * <p>Both lookups go through the same attempts, waits and breaker. A 200 answer is used only when it
 * is the contract's document about what was asked ({@link VendorDocuments}); anything else is refused,
 * and a refusal's message never repeats the answer. The token is sent, never logged.
 *
 * <p>A lookup whose thread is interrupted (the service stopping) ends with a
 * {@link CancellationException}, not as the vendor's failure, so the job is not failed for it.
 */
public final class HttpCatalogSource implements CatalogSource {

    /** Every request's time, as {@code vspec_vendor_requests_seconds{lookup="vin"|"identity", outcome="200"|"503"|"timeout"|...}}. */
    public static final String REQUESTS_METRIC = "vspec.vendor.requests";
    /** The name of the vendor's retry in metrics ({@code resilience4j_retry_calls_total{name="catalog-vendor", kind}}). */
    public static final String RETRY = "catalog-vendor";
    /** The name of the vendor's breaker in metrics ({@code resilience4j_circuitbreaker_state{name="catalog-vendor"}}) and health. */
    public static final String BREAKER = "catalog-vendor";

    private static final Logger log = LoggerFactory.getLogger(HttpCatalogSource.class);

    /** Waits between attempts; tests pass one that only records the wait. */
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** Reads a 200 answer's body into the configuration it tells, or refuses it. */
    private interface Reading {
        UpstreamConfiguration read(byte[] body, FactSource source);
    }

    private final String name;
    private final VendorRequests requests;
    private final VendorPolicy policy;
    private final MeterRegistry meters;
    private final Sleeper sleeper;
    private final VendorDocuments documents = new VendorDocuments();

    /**
     * @param breakers where its breaker is kept, as {@link #BREAKER}, for metrics to find
     * @param retries  where its retry is kept, as {@link #RETRY}, for metrics to find
     * @param meters   where each request is timed, as {@value #REQUESTS_METRIC}
     */
    public HttpCatalogSource(
            VendorProperties vendor, CircuitBreakerRegistry breakers, RetryRegistry retries, MeterRegistry meters) {
        this(
                vendor,
                breakers,
                retries,
                meters,
                Clock.systemUTC(),
                () -> ThreadLocalRandom.current().nextDouble(),
                duration -> TimeUnit.NANOSECONDS.sleep(duration.toNanos()));
    }

    HttpCatalogSource(
            VendorProperties vendor,
            CircuitBreakerRegistry breakers,
            RetryRegistry retries,
            MeterRegistry meters,
            Clock clock,
            DoubleSupplier random,
            Sleeper sleeper) {
        if (vendor.baseUrl() == null) {
            throw new IllegalArgumentException("The HTTP catalog vendor needs vspec.enrichment.vendor.base-url");
        }
        this.name = vendor.displayName();
        this.requests = new VendorRequests(vendor);
        this.policy = new VendorPolicy(vendor, breakers, retries, clock, random);
        this.meters = meters;
        this.sleeper = sleeper;
        log.info(
                "Catalog vendor: HTTP at {} ({}), up to {} requests of at most {} per lookup, a lookup at most {}",
                vendor.baseUrl(),
                vendor.token() == null ? "no token" : "with a token",
                vendor.maxAttempts(),
                vendor.requestTimeout(),
                vendor.longestLookup());
    }

    @Override
    public Optional<UpstreamConfiguration> findByVin(Vin vin) {
        String subject = "VIN " + vin;
        return lookUp(
                "vin", subject, requests.byVin(vin), (body, source) -> documents.aboutVin(subject, vin, body, source));
    }

    /**
     * The vendor's configuration of {@code identity}, without VIN links or service histories: the
     * enrichment links {@code vin} itself, as vPIC decodes it.
     */
    @Override
    public Optional<UpstreamConfiguration> findByIdentity(CatalogIdentity identity, Vin vin) {
        String subject = "configuration " + identity.label();
        return lookUp(
                "identity",
                subject,
                requests.byIdentity(identity),
                (body, source) -> documents.aboutIdentity(subject, identity, vin, body, source));
    }

    /** The breaker every lookup goes through, for its metrics and health. */
    public CircuitBreaker circuitBreaker() {
        return policy.circuitBreaker();
    }

    /** Asks until an answer, within the attempts, the backoff, the vendor's Retry-After and the breaker. */
    private Optional<UpstreamConfiguration> lookUp(
            String lookup, String subject, HttpRequest request, Reading reading) {
        VendorPolicy.Lookup attempts = policy.lookup(subject);
        while (true) {
            attempts.permit();
            VendorAttempt outcome;
            long started = System.nanoTime();
            try {
                outcome = requests.send(request);
            } catch (RuntimeException e) {
                attempts.abandon();
                throw e;
            }
            long took = System.nanoTime() - started;
            Timer.builder(REQUESTS_METRIC)
                    .description("Requests to the catalog vendor, by lookup and outcome")
                    .tag("lookup", lookup)
                    .tag("outcome", outcome.tag())
                    .register(meters)
                    .record(took, TimeUnit.NANOSECONDS);
            if (!outcome.failedTransiently()) {
                attempts.answered(took);
                Optional<UpstreamConfiguration> answer;
                try {
                    answer = answer(subject, outcome.response(), TimeUnit.NANOSECONDS.toMillis(took), reading);
                } catch (RuntimeException refused) {
                    throw attempts.ended(refused);
                }
                attempts.completed();
                return answer;
            }
            pause(attempts.failed(outcome, took));
        }
    }

    /** The answer to a request that took {@code responseMillis}, which the facts it records carry. */
    private Optional<UpstreamConfiguration> answer(
            String subject, HttpResponse<byte[]> response, long responseMillis, Reading reading) {
        int status = response.statusCode();
        if (status == 404) {
            return Optional.empty();
        }
        if (status != 200) {
            if (status == 401 || status == 403) {
                log.error(
                        "Catalog vendor refuses vspec's credentials (HTTP {}): check vspec.enrichment.vendor.token"
                                + " (VSPEC_VENDOR_TOKEN)",
                        status);
            }
            throw VendorDocuments.refused(
                    subject, "the vendor answered HTTP " + status + "; the contract answers 200 or 404");
        }
        if (response.body() == null) {
            throw VendorDocuments.refused(
                    subject, "the answer is larger than " + VendorRequests.MAX_ANSWER_BYTES + " bytes");
        }
        return Optional.of(reading.read(response.body(), FactSource.vendor(name, responseMillis)));
    }

    private void pause(Duration wait) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            throw VendorRequests.interrupted(e);
        }
    }
}
