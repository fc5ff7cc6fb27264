package dev.vspec.command.catalog;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.command.catalog.HeldConfiguration.HeldVin;
import dev.vspec.contracts.catalog.PublishedEvents;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.axon.EventStorage;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the event store holds of the catalog, read in one transaction of the caller's (a snapshot when it is
 * repeatable-read), configuration by configuration in the byte order of their config_keys, each with the VINs
 * linked to it in VIN order ({@link HeldConfiguration}). Rows are streamed through cursors, so a catalog of any
 * size takes the memory of one configuration and its VINs.
 *
 * <p>The configurations' keys come first, and their events are then read by key, a chunk at a time, along the
 * store's index. A VIN's link is read from its {@code VinLinked} events: the Vehicle aggregate records a link
 * only when it wins ({@code LinkVin}), so the last one is the held one, and PostgreSQL sorts every VIN's events
 * by that link's config_key to merge them with the configurations.
 */
final class StoredCatalog {

    static final String CONFIGURATION = "VehicleConfiguration";
    static final String VEHICLE = "Vehicle";

    private static final String TABLE = EventStorage.EVENT_TABLE;
    private static final int KEYS_PER_CHUNK = 256;
    /** Rows per round trip; small, since one event may carry an image of up to 1 MiB. */
    private static final int ROWS_PER_FETCH = 256;

    private static final String KEYS = "select aggregateidentifier from " + TABLE + " where type = '" + CONFIGURATION
            + "' and sequencenumber = 0 order by aggregateidentifier collate \"C\"";
    private static final String CONFIGURATION_EVENTS = "select aggregateidentifier, payloadtype, payload from " + TABLE
            + " where type = '" + CONFIGURATION + "' and aggregateidentifier = any(?)"
            + " order by aggregateidentifier collate \"C\", sequencenumber";
    private static final String VIN_EVENTS = "with link as (select distinct on (aggregateidentifier)"
            + " aggregateidentifier as vin, convert_from(payload, 'UTF8')::jsonb ->> 'configKey' as config_key"
            + " from " + TABLE + " where type = '" + VEHICLE + "' and payloadtype = '" + VinLinked.class.getName() + "'"
            + " order by aggregateidentifier, sequencenumber desc)"
            + " select link.config_key, event.aggregateidentifier, event.payloadtype, event.payload"
            + " from link join " + TABLE + " event on event.aggregateidentifier = link.vin and event.type = '" + VEHICLE
            + "' order by link.config_key collate \"C\", link.vin collate \"C\", event.sequencenumber";

    /** Takes each configuration as it is read; may fail writing it out. */
    @FunctionalInterface
    interface Sink {
        void accept(HeldConfiguration configuration) throws IOException;
    }

    private final ObjectMapper payloads = EventSerialization.objectMapper();
    private final Connection connection;

    /** @param connection in a transaction (not auto-commit), which PostgreSQL needs for cursors */
    StoredCatalog(Connection connection) {
        this.connection = connection;
    }

    /** How many configurations the store holds, in the caller's transaction. */
    long configurations() throws SQLException {
        try (PreparedStatement count = connection.prepareStatement("select count(*) from " + TABLE + " where type = '"
                        + CONFIGURATION + "' and sequencenumber = 0");
                ResultSet row = count.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    /**
     * Hands every configuration to {@code sink} in config_key order.
     *
     * @return VINs whose link names a configuration the store does not hold (such a VIN answers nothing)
     */
    long read(Sink sink) throws SQLException, IOException {
        try (PreparedStatement keys = cursor(KEYS);
                ResultSet keyRows = keys.executeQuery();
                PreparedStatement vinEvents = cursor(VIN_EVENTS);
                ResultSet vinRows = vinEvents.executeQuery()) {
            VinCursor vins = new VinCursor(vinRows);
            List<String> chunk = new ArrayList<>(KEYS_PER_CHUNK);
            while (keyRows.next()) {
                chunk.add(keyRows.getString(1));
                if (chunk.size() == KEYS_PER_CHUNK) {
                    readChunk(chunk, vins, sink);
                    chunk.clear();
                }
            }
            readChunk(chunk, vins, sink);
            vins.skipBefore(null);
            return vins.unheld;
        }
    }

    private void readChunk(List<String> keys, VinCursor vins, Sink sink) throws SQLException, IOException {
        if (keys.isEmpty()) {
            return;
        }
        try (PreparedStatement events = cursor(CONFIGURATION_EVENTS)) {
            events.setArray(1, connection.createArrayOf("varchar", keys.toArray()));
            try (ResultSet rows = events.executeQuery()) {
                String key = null;
                HeldConfiguration.Folding folding = null;
                while (rows.next()) {
                    String id = rows.getString(1);
                    if (!id.equals(key)) {
                        emit(key, folding, vins, sink);
                        key = id;
                        folding = new HeldConfiguration.Folding();
                    }
                    folding.apply(event(id, rows.getString(2), rows.getBytes(3)));
                }
                emit(key, folding, vins, sink);
            }
        }
    }

    private static void emit(String key, HeldConfiguration.Folding folding, VinCursor vins, Sink sink)
            throws SQLException, IOException {
        if (key == null) {
            return;
        }
        vins.skipBefore(key);
        HeldConfiguration held = folding.held(vins.of(key));
        if (held != null) {
            sink.accept(held);
        }
    }

    private PreparedStatement cursor(String sql) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statement.setFetchSize(ROWS_PER_FETCH);
        return statement;
    }

    private Object event(String aggregate, String payloadType, byte[] payload) {
        Class<? extends Record> type =
                PublishedEvents.typeNamed(payloadType.substring(payloadType.lastIndexOf('.') + 1));
        if (type == null || !type.getName().equals(payloadType)) {
            throw new IllegalStateException("the event store holds a " + payloadType + " of " + aggregate
                    + ", which this version of vspec does not know; export with the version that stored it");
        }
        try {
            return payloads.readValue(payload, type);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "a stored " + type.getSimpleName() + " of " + aggregate + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The VIN rows, ordered by their link's config_key, then VIN, read as far as the configuration at hand. */
    private final class VinCursor {

        private final ResultSet rows;
        private boolean onRow;
        /** VINs skipped: linked to a configuration the store does not hold. */
        private long unheld;

        VinCursor(ResultSet rows) throws SQLException {
            this.rows = rows;
            this.onRow = rows.next();
        }

        /** Skips the VINs linked to configurations before {@code key} (every one left when null), counting them. */
        void skipBefore(String key) throws SQLException {
            while (onRow && (key == null || rows.getString(1).compareTo(key) < 0)) {
                unheld += of(rows.getString(1)).size();
            }
        }

        /** The VINs linked to {@code key}, each folded from its events. */
        List<HeldVin> of(String key) throws SQLException {
            List<HeldVin> vins = new ArrayList<>();
            while (onRow && rows.getString(1).equals(key)) {
                String vin = rows.getString(2);
                HeldConfiguration.VinFolding folding = new HeldConfiguration.VinFolding();
                while (onRow && rows.getString(2).equals(vin)) {
                    folding.apply(event(vin, rows.getString(3), rows.getBytes(4)));
                    onRow = rows.next();
                }
                HeldVin held = folding.held();
                if (held != null) {
                    vins.add(held);
                }
            }
            return vins;
        }
    }
}
