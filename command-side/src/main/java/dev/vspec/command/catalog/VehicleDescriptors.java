package dev.vspec.command.catalog;

import static dev.vspec.storage.jooq.command.Tables.LINKED_VIN;
import static dev.vspec.storage.jooq.command.Tables.REGISTERED_CONFIGURATION;

import dev.vspec.command.OwnTables;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.identity.Vin;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.impl.DSL;

/**
 * Keeps {@code command.registered_configuration} and {@code command.linked_vin} (V27) from the catalog's events:
 * each configuration with the kind and SHA-256 of the source that registered it, and each VIN with its descriptor
 * and configuration, which enrichment reads to find a vehicle an earlier vPIC release registered.
 *
 * <p>A subscribing processor: its handlers run as the command's unit of work appends the events, in that unit's
 * transaction, and a failure rolls the command back ({@link OwnTables#subscribe}); so the tables hold what the event store
 * holds, however far the projections are. A row is replaced only by a later event of its aggregate, so an event
 * applied again changes nothing.
 */
@ProcessingGroup(VehicleDescriptors.PROCESSING_GROUP)
public final class VehicleDescriptors {

    public static final String PROCESSING_GROUP = "vehicle-descriptors";

    private final DSLContext db;

    /** @param db whose statements join the transaction the unit of work holds (Spring Boot's jOOQ does) */
    public VehicleDescriptors(DSLContext db) {
        this.db = db;
    }

    /** Outside Spring's context: statements join the transaction a Spring transaction manager over it holds. */
    public static VehicleDescriptors over(DataSource dataSource) {
        return new VehicleDescriptors(OwnTables.db(dataSource));
    }

    /** A VIN's positions 1-8 and 10, by which enrichment tells one vehicle from another ({@code EarlierReleases}). */
    public static String descriptorOf(Vin vin) {
        return descriptorOf(vin.value());
    }

    private static String descriptorOf(String vin) {
        return vin.substring(0, 8) + vin.charAt(9);
    }

    @EventHandler
    void on(ConfigurationRegistered registered, @SequenceNumber long sequence) {
        kept(registered, sequence).execute();
    }

    @EventHandler
    void on(VinLinked linked, @SequenceNumber long sequence) {
        kept(linked, sequence).execute();
    }

    /**
     * Keeps what these stored events say, in the caller's transaction, for a tool that appends events without
     * publishing them (the synthetic catalog loader); events of other types are passed over.
     */
    public void keep(List<? extends DomainEventMessage<?>> events) {
        List<Query> queries = new ArrayList<>();
        for (DomainEventMessage<?> event : events) {
            if (event.getPayload() instanceof ConfigurationRegistered registered) {
                queries.add(kept(registered, event.getSequenceNumber()));
            } else if (event.getPayload() instanceof VinLinked linked) {
                queries.add(kept(linked, event.getSequenceNumber()));
            }
        }
        if (!queries.isEmpty()) {
            db.batch(queries).execute();
        }
    }

    private Query kept(ConfigurationRegistered registered, long sequence) {
        FactSource source = registered.source();
        return db.insertInto(REGISTERED_CONFIGURATION)
                .set(REGISTERED_CONFIGURATION.CONFIG_KEY, registered.configKey())
                .set(REGISTERED_CONFIGURATION.SOURCE_KIND, source == null ? null : source.kind())
                .set(REGISTERED_CONFIGURATION.SOURCE_SHA256, source == null ? null : source.sha256())
                .set(REGISTERED_CONFIGURATION.SEQUENCE_NUMBER, sequence)
                .onConflict(REGISTERED_CONFIGURATION.CONFIG_KEY)
                .doUpdate()
                .set(REGISTERED_CONFIGURATION.SOURCE_KIND, DSL.excluded(REGISTERED_CONFIGURATION.SOURCE_KIND))
                .set(REGISTERED_CONFIGURATION.SOURCE_SHA256, DSL.excluded(REGISTERED_CONFIGURATION.SOURCE_SHA256))
                .set(REGISTERED_CONFIGURATION.SEQUENCE_NUMBER, DSL.excluded(REGISTERED_CONFIGURATION.SEQUENCE_NUMBER))
                .where(REGISTERED_CONFIGURATION.SEQUENCE_NUMBER.lt(
                        DSL.excluded(REGISTERED_CONFIGURATION.SEQUENCE_NUMBER)));
    }

    private Query kept(VinLinked linked, long sequence) {
        return db.insertInto(LINKED_VIN)
                .set(LINKED_VIN.VIN, linked.vin())
                .set(LINKED_VIN.DESCRIPTOR, descriptorOf(linked.vin()))
                .set(LINKED_VIN.CONFIG_KEY, linked.configKey())
                .set(LINKED_VIN.SEQUENCE_NUMBER, sequence)
                .onConflict(LINKED_VIN.VIN)
                .doUpdate()
                .set(LINKED_VIN.CONFIG_KEY, DSL.excluded(LINKED_VIN.CONFIG_KEY))
                .set(LINKED_VIN.SEQUENCE_NUMBER, DSL.excluded(LINKED_VIN.SEQUENCE_NUMBER))
                .where(LINKED_VIN.SEQUENCE_NUMBER.lt(DSL.excluded(LINKED_VIN.SEQUENCE_NUMBER)));
    }
}
