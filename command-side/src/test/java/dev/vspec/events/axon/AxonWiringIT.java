package dev.vspec.events.axon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.database.TestDatabase;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;

/** Boot 4 must hand Axon the real DataSource and transaction manager; without the ordering fix it silently does not. */
@SpringBootTest(
        classes = AxonWiringIT.App.class,
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {
            "spring.config.name=axon-wiring-test",
            "spring.config.import=classpath:vspec-common.yml",
            "spring.autoconfigure.exclude=org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
            "axon.axonserver.enabled=false",
            "axon.serializer.general=jackson",
            "axon.serializer.events=jackson",
            "axon.serializer.messages=jackson"
        })
@ContextConfiguration(initializers = TestDatabase.class)
class AxonWiringIT {

    @SpringBootApplication
    static class App {}

    @Autowired
    TransactionManager transactionManager;

    @Autowired
    EventStorageEngine storageEngine;

    @Autowired
    TokenStore tokenStore;

    @Autowired
    EventStore eventStore;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void axonUsesSpringTransactionsAndTheJdbcStores() {
        assertThat(transactionManager).isInstanceOf(SpringTransactionManager.class);
        assertThat(storageEngine).isInstanceOf(JdbcEventStorageEngine.class);
        assertThat(tokenStore).isInstanceOf(JdbcTokenStore.class);
        assertThat(eventStore).isInstanceOf(EmbeddedEventStore.class);
    }

    @Test
    void eventsAreStoredInTheEventsSchema() {
        transactionManager.executeInTransaction(
                () -> eventStore.publish(new GenericDomainEventMessage<>("Probe", "probe-1", 0, "stored")));
        assertThat(jdbc.queryForObject(
                        "select count(*) from events.domainevententry where aggregateidentifier = 'probe-1'",
                        Long.class))
                .isEqualTo(1L);
        assertThat(eventStore.readEvents("probe-1").asStream()).hasSize(1);
    }
}
