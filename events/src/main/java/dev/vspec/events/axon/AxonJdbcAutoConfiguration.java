package dev.vspec.events.axon;

import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.modelling.saga.repository.jdbc.GenericSagaSqlSchema;
import org.axonframework.modelling.saga.repository.jdbc.SagaSchema;
import org.axonframework.modelling.saga.repository.jdbc.SagaSqlSchema;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Puts Axon's event, token and saga tables in the {@code events} schema, and makes Axon's JDBC
 * and transaction auto-configurations run after Boot 4's DataSource and transaction manager
 * exist. Without that order Axon finds no DataSource and no PlatformTransactionManager and falls
 * back to a no-op transaction manager or refuses to start.
 */
@AutoConfiguration(
        afterName = {
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
            "org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration"
        },
        beforeName = {
            "org.axonframework.springboot.autoconfig.JdbcAutoConfiguration",
            "org.axonframework.springboot.autoconfig.TransactionAutoConfiguration",
            "org.axonframework.springboot.autoconfig.NoOpTransactionAutoConfiguration"
        })
@ConditionalOnClass(EventSchema.class)
public class AxonJdbcAutoConfiguration {

    public static final String SCHEMA = "events";

    @Bean
    EventSchema eventSchema() {
        return EventSchema.builder()
                .eventTable(SCHEMA + ".domainevententry")
                .snapshotTable(SCHEMA + ".snapshotevententry")
                .build();
    }

    @Bean
    TokenSchema tokenSchema() {
        return TokenSchema.builder().setTokenTable(SCHEMA + ".tokenentry").build();
    }

    @Bean
    SagaSqlSchema sagaSqlSchema() {
        return new GenericSagaSqlSchema(new SagaSchema(SCHEMA + ".sagaentry", SCHEMA + ".associationvalueentry"));
    }
}
