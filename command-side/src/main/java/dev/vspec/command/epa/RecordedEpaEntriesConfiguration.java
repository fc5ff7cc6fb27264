package dev.vspec.command.epa;

import org.axonframework.config.ConfigurerModule;
import org.jooq.DSLContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link RecordedEpaEntries} in the command side: Spring Boot's jOOQ reaches the database through a transaction-aware
 * proxy of the DataSource, and Axon's transaction manager is Spring's over that DataSource, so the handler's
 * statements run on the connection, and in the transaction, that appends the events.
 */
@Configuration(proxyBeanMethods = false)
class RecordedEpaEntriesConfiguration {

    @Bean
    RecordedEpaEntries recordedEpaEntries(DSLContext db) {
        return new RecordedEpaEntries(db);
    }

    @Bean
    ConfigurerModule recordedEpaEntriesProcessing() {
        return configurer -> RecordedEpaEntries.subscribe(configurer.eventProcessing());
    }
}
