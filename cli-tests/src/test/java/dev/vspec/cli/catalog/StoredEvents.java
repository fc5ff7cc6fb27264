package dev.vspec.cli.catalog;

import dev.vspec.testing.database.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** What a test database's event store holds, read as the catalog commands' tests compare it. */
final class StoredEvents {

    private StoredEvents() {}

    /** The events stored. */
    static long count(TestDatabase db) throws SQLException {
        try (Connection connection = connect(db);
                ResultSet rows =
                        connection.createStatement().executeQuery("select count(*) from events.domainevententry")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** The JSON payloads of the catalog events of {@code type} (simple name) whose aggregate is like {@code aggregate}. */
    static List<String> payloads(TestDatabase db, String type, String aggregate) throws SQLException {
        try (Connection connection = connect(db);
                PreparedStatement query = connection.prepareStatement("select convert_from(payload, 'UTF8') from"
                        + " events.domainevententry where payloadtype = ? and aggregateidentifier like ?"
                        + " order by globalindex")) {
            query.setString(1, "dev.vspec.contracts.catalog." + type);
            query.setString(2, aggregate);
            List<String> payloads = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    payloads.add(rows.getString(1));
                }
            }
            return payloads;
        }
    }

    static Connection connect(TestDatabase db) throws SQLException {
        return DriverManager.getConnection(db.url(), db.user(), db.password());
    }
}
