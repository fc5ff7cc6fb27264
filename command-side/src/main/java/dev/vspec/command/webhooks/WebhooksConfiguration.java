package dev.vspec.command.webhooks;

import dev.vspec.command.FullJitter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.StreamableMessageSource;
import org.jooq.DSLContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.ObjectMapper;

/**
 * Webhooks for enrichment and recalls: the notifiers' streaming processor ({@code webhooks} in command-side.yml),
 * which starts at the head of the event log when it first runs (no webhook existed before) and
 * retries an event whose deliveries could not be written instead of skipping it; and the worker
 * that sends deliveries. What the webhook routes read and write is {@link WebhookRoutesConfiguration}'s.
 */
@Configuration(proxyBeanMethods = false)
@Import(WebhookRoutesConfiguration.class)
class WebhooksConfiguration {

    @Bean
    ConfigurerModule webhooksProcessing() {
        return configurer -> configurer
                .eventProcessing()
                .registerListenerInvocationErrorHandler(
                        EnrichmentNotifier.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance())
                .registerErrorHandler(EnrichmentNotifier.PROCESSING_GROUP, c -> PropagatingErrorHandler.instance())
                .registerPooledStreamingEventProcessorConfiguration(
                        EnrichmentNotifier.PROCESSING_GROUP,
                        (c, builder) -> builder.initialToken(StreamableMessageSource::createHeadToken));
    }

    @Bean
    RecallNotifier recallNotifier(
            EventStore events, Deliveries deliveries, DSLContext db, WebhookProperties properties, ObjectMapper json) {
        return new RecallNotifier(events, deliveries, new RecallFiles(db), properties.recallSettle(), json);
    }

    @Bean
    EnrichmentNotifier enrichmentNotifier(DSLContext db, Deliveries deliveries, ObjectMapper json) {
        return new EnrichmentNotifier(db, deliveries, json);
    }

    @Bean(destroyMethod = "close")
    WebhookSender webhookSender(AddressGuard guard, WebhookProperties properties) {
        return new WebhookSender(guard, properties.connectTimeout(), properties.timeout());
    }

    @Bean
    DeliveryWorker webhookDeliveryWorker(
            Deliveries deliveries,
            WebhookSender sender,
            WebhookProperties properties,
            ObjectProvider<MeterRegistry> meters,
            Clock clock) {
        DeliverySchedule schedule = new DeliverySchedule(
                FullJitter.backoff(
                        properties.backoffBase(),
                        properties.backoffCap(),
                        () -> ThreadLocalRandom.current().nextDouble()),
                properties.retryFor());
        DeliveryAttempt attempt = new DeliveryAttempt(
                deliveries, sender, schedule, meters.getIfAvailable(SimpleMeterRegistry::new), clock);
        return new DeliveryWorker(deliveries, attempt, properties);
    }
}
