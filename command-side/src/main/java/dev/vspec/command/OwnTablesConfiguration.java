package dev.vspec.command;

import dev.vspec.command.catalog.VehicleDescriptors;
import dev.vspec.command.epa.RecordedEpaEntries;
import org.axonframework.config.ConfigurerModule;
import org.jooq.DSLContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The command side's own tables in the deployable ({@link OwnTables}): Spring Boot's jOOQ reaches the database through
 * a transaction-aware proxy of the DataSource, and Axon's transaction manager is Spring's over that DataSource, so the
 * handlers' statements run on the connection, and in the transaction, that appends the events. The enrichment job's
 * table is enrichment's ({@code EnrichmentConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
class OwnTablesConfiguration {

    @Bean
    VehicleDescriptors vehicleDescriptors(DSLContext db) {
        return new VehicleDescriptors(db);
    }

    @Bean
    RecordedEpaEntries recordedEpaEntries(DSLContext db) {
        return new RecordedEpaEntries(db);
    }

    @Bean
    ConfigurerModule ownTablesProcessing() {
        return configurer -> {
            OwnTables.subscribe(configurer.eventProcessing(), VehicleDescriptors.PROCESSING_GROUP);
            OwnTables.subscribe(configurer.eventProcessing(), RecordedEpaEntries.PROCESSING_GROUP);
        };
    }
}
