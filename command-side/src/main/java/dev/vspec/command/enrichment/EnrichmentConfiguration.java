package dev.vspec.command.enrichment;

import dev.vspec.command.enrichment.vendor.HttpCatalogSource;
import dev.vspec.command.enrichment.vendor.VendorProperties;
import dev.vspec.infra.decoding.DecoderConfiguration;
import dev.vspec.infra.decoding.DecoderSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ResourceLoader;

/**
 * The enrichment process and what it uses: the VIN decoder over the installed vPIC release and the upstream catalog
 * source, the shipped reference vendor or the HTTP vendor as {@code vspec.enrichment.vendor.source}
 * says. A failure the process does not turn into a failed job (the database is down) fails the
 * event's processing, which the processor retries, instead of Axon's default of logging and
 * skipping it, which would leave the job running for ever.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(VendorProperties.class)
@Import(DecoderConfiguration.class)
class EnrichmentConfiguration {

    @Bean
    CatalogSource catalogSource(ResourceLoader resources, VendorProperties vendor,
            @Value("${vspec.enrichment.vendor.catalog:" + ReferenceCatalogSource.SHIPPED + "}") String referenceCatalog) {
        return switch (vendor.source()) {
            case REFERENCE -> new ReferenceCatalogSource(resources.getResource(referenceCatalog), vendor.displayName());
            case HTTP -> new HttpCatalogSource(vendor);
        };
    }

    @Bean
    EnrichmentProcess enrichmentProcess(CommandGateway commands, CatalogSource source, DecoderSource decoders,
            DSLContext db, Clock clock) {
        return new EnrichmentProcess(commands, source, decoders, EarlierReleases.inReadTables(db), clock);
    }

    @Bean
    EnrichmentMetrics enrichmentMetrics(ObjectProvider<MeterRegistry> meters, EventStore events) {
        return new EnrichmentMetrics(meters.getIfAvailable(SimpleMeterRegistry::new), new EnrichmentLog(events));
    }

    @Bean
    ConfigurerModule enrichmentProcessing() {
        return configurer -> configurer.eventProcessing()
                .registerSubscribingEventProcessor(EnrichmentMetrics.PROCESSING_GROUP)
                .registerListenerInvocationErrorHandler(EnrichmentProcess.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance())
                .registerErrorHandler(EnrichmentProcess.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance());
    }
}
