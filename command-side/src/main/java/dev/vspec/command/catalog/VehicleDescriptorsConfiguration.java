package dev.vspec.command.catalog;

import org.axonframework.config.ConfigurerModule;
import org.jooq.DSLContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link VehicleDescriptors} in the command side: Spring Boot's jOOQ reaches the database through a
 * transaction-aware proxy of the DataSource, and Axon's transaction manager is Spring's over that DataSource, so the
 * handlers' statements run on the connection, and in the transaction, that appends the events.
 */
@Configuration(proxyBeanMethods = false)
class VehicleDescriptorsConfiguration {

    @Bean
    VehicleDescriptors vehicleDescriptors(DSLContext db) {
        return new VehicleDescriptors(db);
    }

    @Bean
    ConfigurerModule vehicleDescriptorsProcessing() {
        return configurer -> VehicleDescriptors.subscribe(configurer.eventProcessing());
    }
}
