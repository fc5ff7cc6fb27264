package dev.vspec.command.enrichment;

import static dev.vspec.storage.jooq.command.Tables.EPA_ENTRY;

import dev.vspec.command.OwnTables;
import dev.vspec.command.enrichment.vendor.CatalogSource;
import dev.vspec.command.enrichment.vendor.HttpCatalogSource;
import dev.vspec.command.enrichment.vendor.ReferenceCatalogSource;
import dev.vspec.command.enrichment.vendor.VendorProperties;
import dev.vspec.decoding.DecoderConfiguration;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.readmodel.EpaEngineResolution;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.micrometer.tagged.TaggedCircuitBreakerMetrics;
import io.github.resilience4j.micrometer.tagged.TaggedRetryMetrics;
import io.github.resilience4j.retry.RetryRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.Locale;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ResourceLoader;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Enrichment: the process with what it uses ({@code POST /api/v0/enrich} decides with
 * {@link EnrichmentRoutesConfiguration}'s beans): the VIN
 * decoder over the installed vPIC release and the upstream catalog source, the shipped reference vendor or
 * the HTTP vendor as {@code vspec.enrichment.vendor.source} says. A failure the process does not turn into a
 * failed job (the database is down) fails the event's processing, which the processor retries, instead of
 * Axon's default of logging and skipping it, which would leave the job running for ever.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(VendorProperties.class)
@Import({DecoderConfiguration.class, EnrichmentRoutesConfiguration.class})
class EnrichmentConfiguration {

    /** The catalog vendor's circuit breaker, in metrics as {@code resilience4j_circuitbreaker_*{name="catalog-vendor"}}. */
    @Bean
    CircuitBreakerRegistry circuitBreakers(ObjectProvider<MeterRegistry> meters) {
        CircuitBreakerRegistry breakers = CircuitBreakerRegistry.ofDefaults();
        TaggedCircuitBreakerMetrics.ofCircuitBreakerRegistry(breakers)
                .bindTo(meters.getIfAvailable(SimpleMeterRegistry::new));
        return breakers;
    }

    /** The catalog vendor's retries, in metrics as {@code resilience4j_retry_calls_total{name="catalog-vendor", kind}}. */
    @Bean
    RetryRegistry retries(ObjectProvider<MeterRegistry> meters) {
        RetryRegistry retries = RetryRegistry.ofDefaults();
        TaggedRetryMetrics.ofRetryRegistry(retries).bindTo(meters.getIfAvailable(SimpleMeterRegistry::new));
        return retries;
    }

    @Bean
    CatalogSource catalogSource(
            ResourceLoader resources,
            VendorProperties vendor,
            CircuitBreakerRegistry breakers,
            RetryRegistry retries,
            ObjectProvider<MeterRegistry> meters,
            @Value("${vspec.enrichment.vendor.catalog:" + ReferenceCatalogSource.SHIPPED + "}")
                    String referenceCatalog) {
        return switch (vendor.source()) {
            case REFERENCE -> new ReferenceCatalogSource(resources.getResource(referenceCatalog), vendor.displayName());
            case HTTP ->
                new HttpCatalogSource(vendor, breakers, retries, meters.getIfAvailable(SimpleMeterRegistry::new));
        };
    }

    /**
     * {@code catalogVendor} in health: the HTTP vendor's breaker (its state, failure rate, and until when an open one
     * refuses). Up in every state, and outside readiness: an open breaker fails enrichments fast, and the command
     * side still takes every other request.
     */
    @Bean
    HealthIndicator catalogVendorHealthIndicator(CatalogSource source) {
        if (!(source instanceof HttpCatalogSource http)) {
            return () -> Health.up()
                    .withDetail("vendor", "the reference catalog, read in this process")
                    .build();
        }
        CircuitBreaker breaker = http.circuitBreaker();
        return () -> Health.up()
                .withDetail("circuit_breaker", breaker.getState().toString().toLowerCase(Locale.ROOT))
                .withDetail("failure_rate_percent", breaker.getMetrics().getFailureRate())
                .withDetail("calls_refused", breaker.getMetrics().getNumberOfNotPermittedCalls())
                .build();
    }

    @Bean
    EnrichmentProcess enrichmentProcess(
            CommandGateway commands, CatalogSource source, DecoderSource decoders, DSLContext db, Clock clock) {
        return new EnrichmentProcess(
                commands,
                source,
                decoders,
                EarlierReleases.inCommandTables(db),
                decoding -> EpaEngineResolution.of(db, EPA_ENTRY, decoding),
                clock);
    }

    @Bean
    EnrichmentMetrics enrichmentMetrics(ObjectProvider<MeterRegistry> meters, EventStore events, DSLContext db) {
        return new EnrichmentMetrics(meters.getIfAvailable(SimpleMeterRegistry::new), new EnrichmentLog(events, db));
    }

    @Bean
    EnrichmentJobTable enrichmentJobTable(DSLContext db, EventStore events) {
        return new EnrichmentJobTable(db, events);
    }

    @Bean
    EnrichmentJobBackfill enrichmentJobBackfill(
            DSLContext db, EnrichmentJobTable table, TransactionTemplate transactions) {
        return new EnrichmentJobBackfill(db, table, transactions);
    }

    /**
     * The job table's handler runs in the unit of work that stores the job's events, and a failure of it fails
     * that unit of work (the events are not stored). Metrics are recorded there too, after its commit.
     */
    @Bean
    ConfigurerModule enrichmentProcessing() {
        return configurer -> {
            OwnTables.subscribe(configurer.eventProcessing(), EnrichmentJobTable.PROCESSING_GROUP);
            configurer
                    .eventProcessing()
                    .registerSubscribingEventProcessor(EnrichmentMetrics.PROCESSING_GROUP)
                    .registerListenerInvocationErrorHandler(
                            EnrichmentProcess.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance())
                    .registerErrorHandler(EnrichmentProcess.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance());
        };
    }
}
