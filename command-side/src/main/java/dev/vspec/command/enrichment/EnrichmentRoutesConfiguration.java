package dev.vspec.command.enrichment;

import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.jooq.DSLContext;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What {@code POST /api/v0/enrich} ({@link EnrichmentController}) decides with: the event log, the job table and the
 * command bus, and the answers kept per Idempotency-Key.
 */
@Configuration(proxyBeanMethods = false)
class EnrichmentRoutesConfiguration {

    /** UTC days and months decide the enrichment allowances. */
    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    EnrichmentRequests enrichmentRequests(CommandGateway commands, EventStore events, DSLContext db, Clock clock) {
        return new EnrichmentRequests(commands, new EnrichmentLog(events, db), clock);
    }

    @Bean
    IdempotentAnswers idempotentAnswers(DSLContext db) {
        return new IdempotentAnswers(db);
    }
}
