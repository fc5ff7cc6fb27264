package dev.vspec.command.catalog;

import static dev.vspec.storage.jooq.command.Tables.LINKED_VIN;
import static dev.vspec.storage.jooq.command.Tables.REGISTERED_CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.axon.EventStorage;
import dev.vspec.testing.database.MigratedDatabase;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * V27 on a database whose events were stored before it, as the command side stored them: the migration fills the
 * command side's tables with the rows its event handler writes for the same events. Sample data: 2019 Honda
 * Odyssey configurations and VINs.
 */
class VehicleDescriptorsMigrationIT {

    private static final FactSource EARLIER =
            FactSource.vpic("2025-06-30", "3f6a0c9e5b1d47a28c0e6f1b9d2a7c4e5f8b0a1d3c6e9f2b4a7d0c3e6f9b2a5d");
    private static final FactSource OPERATOR = FactSource.importFile("fleet-catalog.json", "5e0c3d9a");
    private static final String EX = "2019-honda-odyssey-ex-j35y6-fwd";
    private static final String TOURING = "2019-honda-odyssey-touring-j35y6-fwd";
    private static final String ELITE = "2019-honda-odyssey-elite-j35y6-fwd";

    private MigratedDatabase database;
    private DataSource dataSource;

    @BeforeEach
    void databaseAtV25() {
        database = MigratedDatabase.at("vspec_v27", "25");
        dataSource = database.jdbc().getDataSource();
    }

    @AfterEach
    void drop() {
        database.drop();
    }

    @Test
    void theMigrationWritesWhatTheEventHandlerWrites() {
        List<DomainEventMessage<?>> events = List.of(
                event(EX, 0, registered(EX, "EX", EARLIER, "2019 HONDA Odyssey EX")),
                event(EX, 1, new FluidsRecorded(EX, List.of(oil()), EARLIER)),
                // an operator's file corrected the label: the configuration is the operator's from then on
                event(TOURING, 0, registered(TOURING, "Touring", EARLIER, "2019 HONDA Odyssey Touring")),
                event(TOURING, 1, registered(TOURING, "Touring", OPERATOR, "2019 Honda Odyssey Touring (fleet)")),
                // stored before events carried a source
                event(ELITE, 0, registered(ELITE, "Elite", null, "2019 Honda Odyssey Elite")),
                event("5FNRL6H58KB000211", 0, new VinLinked("5FNRL6H58KB000211", EX, EARLIER)),
                event("5FNRL6H92KB000512", 0, new VinLinked("5FNRL6H92KB000512", EX, EARLIER)),
                event("5FNRL6H92KB000512", 1, new VinLinked("5FNRL6H92KB000512", TOURING, OPERATOR)),
                event("5FNRL6H02KB000877", 0, new VinLinked("5FNRL6H02KB000877", ELITE, null)));
        EventStorage.engine(dataSource, new DataSourceTransactionManager(dataSource))
                .appendEvents(events);

        database.migrate();

        DSLContext db = DSL.using(dataSource, SQLDialect.POSTGRES);
        Result<?> configurations = db.selectFrom(REGISTERED_CONFIGURATION)
                .orderBy(REGISTERED_CONFIGURATION.CONFIG_KEY)
                .fetch();
        Result<?> vins = db.selectFrom(LINKED_VIN).orderBy(LINKED_VIN.VIN).fetch();
        assertThat(configurations.map(Record::intoList))
                .containsExactly(
                        row(ELITE, null, null, 0L),
                        row(EX, "vpic", EARLIER.sha256(), 0L),
                        row(TOURING, "import", OPERATOR.sha256(), 1L));
        assertThat(vins.map(Record::intoList))
                .containsExactly(
                        row("5FNRL6H02KB000877", "5FNRL6H0K", ELITE, 0L),
                        row("5FNRL6H58KB000211", "5FNRL6H5K", EX, 0L),
                        row("5FNRL6H92KB000512", "5FNRL6H9K", TOURING, 1L));

        db.truncate(REGISTERED_CONFIGURATION).execute();
        db.truncate(LINKED_VIN).execute();
        VehicleDescriptors.over(dataSource).keep(events);

        assertThat(db.selectFrom(REGISTERED_CONFIGURATION)
                        .orderBy(REGISTERED_CONFIGURATION.CONFIG_KEY)
                        .fetch())
                .as("as the event handler writes them")
                .isEqualTo(configurations);
        assertThat(db.selectFrom(LINKED_VIN).orderBy(LINKED_VIN.VIN).fetch()).isEqualTo(vins);
    }

    private static List<Object> row(Object... columns) {
        return Arrays.asList(columns);
    }

    private static DomainEventMessage<?> event(String aggregate, long sequence, Object payload) {
        String type = payload instanceof VinLinked ? "Vehicle" : "VehicleConfiguration";
        return new GenericDomainEventMessage<>(type, aggregate, sequence, payload);
    }

    private static ConfigurationRegistered registered(String key, String trim, FactSource source, String label) {
        return new ConfigurationRegistered(key, 2019, "HONDA", "Odyssey", trim, "J35Y6", "FWD", label, source);
    }

    private static Fluid oil() {
        return new Fluid("engine_oil", "API SP 0W-20", new BigDecimal("4.3"), new BigDecimal("4.5"), null);
    }
}
