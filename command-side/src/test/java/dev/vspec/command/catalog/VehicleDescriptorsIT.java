package dev.vspec.command.catalog;

import static dev.vspec.storage.jooq.command.Tables.LINKED_VIN;
import static dev.vspec.storage.jooq.command.Tables.REGISTERED_CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.TestVins;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.VinLinked;
import java.util.List;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Record2;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The command side's {@link VehicleDescriptors} hold what its stored events say: written in the transaction that
 * appends them, gone with it, and refusing the command when they cannot be written. Sample data: a configuration
 * of a make no catalog has, and {@link TestVins}.
 */
@CommandSideIntegrationTest
class VehicleDescriptorsIT {

    private static final FactSource EARLIER =
            FactSource.vpic("2025-06-30", "3f6a0c9e5b1d47a28c0e6f1b9d2a7c4e5f8b0a1d3c6e9f2b4a7d0c3e6f9b2a5d");
    private static final FactSource OPERATOR = FactSource.importFile("fleet-catalog.json", "5e0c3d9a");

    @Autowired
    CommandGateway commands;

    @Autowired
    DSLContext db;

    @Autowired
    DataSource dataSource;

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    VehicleDescriptors descriptors;

    @Test
    void theRowsAreWrittenInTheTransactionThatAppendsTheEventsAndRollBackWithIt() {
        String key = "2011-descriptorprobe-rollback-base-d11";
        String vin = TestVins.next();

        new TransactionTemplate(transactions).executeWithoutResult(transaction -> {
            commands.sendAndWait(registration(key, EARLIER));
            commands.sendAndWait(new LinkVin(vin, key, EARLIER));
            assertThat(linkOf(vin)).as("visible in the transaction").isNotNull();
            assertThat(eventCount(key, vin)).isEqualTo(2);
            transaction.setRollbackOnly();
        });

        assertThat(eventCount(key, vin)).isZero();
        assertThat(db.fetchExists(REGISTERED_CONFIGURATION, REGISTERED_CONFIGURATION.CONFIG_KEY.eq(key)))
                .isFalse();
        assertThat(linkOf(vin)).isNull();
    }

    @Test
    void aRowThatCannotBeWrittenRefusesTheCommandAndItsEvent() {
        String key = "2011-descriptorprobe-refused-base-d11";
        String vin = TestVins.next();
        commands.sendAndWait(registration(key, EARLIER));
        db.execute("ALTER TABLE command.linked_vin ADD CONSTRAINT refuses_probe CHECK (vin <> '" + vin + "')");
        try {
            assertThatThrownBy(() -> commands.sendAndWait(new LinkVin(vin, key, EARLIER)))
                    .hasStackTraceContaining("refuses_probe");
        } finally {
            db.execute("ALTER TABLE command.linked_vin DROP CONSTRAINT refuses_probe");
        }

        assertThat(eventCount(key, vin)).as("the registration alone").isEqualTo(1);
        commands.sendAndWait(new LinkVin(vin, key, EARLIER));
        assertThat(linkOf(vin)).isEqualTo(link(key, 0));
    }

    @Test
    void anEventAppliedAgainOrLateChangesNothing() {
        String vin = TestVins.next();
        var linked = new GenericDomainEventMessage<>("Vehicle", vin, 0, new VinLinked(vin, "2011-a-b-c-d", EARLIER));
        var relinked = new GenericDomainEventMessage<>("Vehicle", vin, 1, new VinLinked(vin, "2011-e-f-g-h", OPERATOR));

        descriptors.keep(List.of(linked, relinked));
        descriptors.keep(List.of(relinked, linked));
        descriptors.keep(List.of(linked));

        assertThat(linkOf(vin)).isEqualTo(link("2011-e-f-g-h", 1));
        assertThat(db.fetchValue(LINKED_VIN.DESCRIPTOR, LINKED_VIN.VIN.eq(vin)))
                .isEqualTo(vin.substring(0, 8) + vin.charAt(9));
    }

    @Test
    void theCatalogToolsKeepThemToo() {
        String key = "2011-descriptorprobe-tool-base-d11";
        String vin = TestVins.next();

        try (CatalogCommandSide tool = CatalogCommandSide.over(dataSource)) {
            tool.send(List.of(registration(key, OPERATOR), new LinkVin(vin, key, OPERATOR)));
        }

        assertThat(db.select(REGISTERED_CONFIGURATION.SOURCE_KIND, REGISTERED_CONFIGURATION.SOURCE_SHA256)
                        .from(REGISTERED_CONFIGURATION)
                        .where(REGISTERED_CONFIGURATION.CONFIG_KEY.eq(key))
                        .fetch(Record::intoList))
                .containsExactly(List.of(FactSource.IMPORT, OPERATOR.sha256()));
        assertThat(linkOf(vin)).isEqualTo(link(key, 0));
    }

    private static RegisterConfiguration registration(String key, FactSource source) {
        String[] parts = key.split("-");
        return new RegisterConfiguration(
                key,
                Integer.parseInt(parts[0]),
                parts[1],
                parts[2],
                parts[3],
                parts[4],
                null,
                String.join(" ", parts) + " (test data)",
                source);
    }

    private Record2<String, Long> linkOf(String vin) {
        return db.select(LINKED_VIN.CONFIG_KEY, LINKED_VIN.SEQUENCE_NUMBER)
                .from(LINKED_VIN)
                .where(LINKED_VIN.VIN.eq(vin))
                .fetchOne();
    }

    private Record2<String, Long> link(String key, long sequence) {
        return db.newRecord(LINKED_VIN.CONFIG_KEY, LINKED_VIN.SEQUENCE_NUMBER).values(key, sequence);
    }

    private int eventCount(String key, String vin) {
        return db.fetchCount(
                db.selectOne().from("events.domainevententry").where("aggregateidentifier in (?, ?)", key, vin));
    }
}
