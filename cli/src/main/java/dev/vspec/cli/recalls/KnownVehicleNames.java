package dev.vspec.cli.recalls;

import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.contracts.recalls.RecallMatching;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;

/**
 * The makes and models vspec can name, by {@link RecallMatching}'s keys: those of the installed vPIC release (any
 * model year) and those of the catalog's configurations. A recall row whose make and model are among none of them
 * is one no VIN's decode and no configuration will meet; the import lists it rather than drop it.
 */
final class KnownVehicleNames {

    private static final String VPIC = "select make.name, model.name from vpic.make make"
            + " join vpic.make_model make_model on make_model.make_id = make.id"
            + " join vpic.model model on model.id = make_model.model_id";
    private static final String CATALOG = "select make, model from read.configuration";

    private final Set<String> makes = new HashSet<>();
    private final Set<String> models = new HashSet<>();
    private boolean vpicInstalled;

    static KnownVehicleNames read(Connection connection) throws SQLException {
        KnownVehicleNames known = new KnownVehicleNames();
        known.vpicInstalled = DatabaseOptions.tableExists(connection, "vpic.make_model");
        if (known.vpicInstalled) {
            known.add(connection, VPIC);
        }
        if (DatabaseOptions.tableExists(connection, "read.configuration")) {
            known.add(connection, CATALOG);
        }
        return known;
    }

    boolean knowsMake(String make) {
        return makes.contains(RecallMatching.makeKey(make));
    }

    boolean knows(String make, String model) {
        return models.contains(RecallMatching.vehicleKey(make, model));
    }

    boolean vpicInstalled() {
        return vpicInstalled;
    }

    private void add(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                makes.add(RecallMatching.makeKey(rows.getString(1)));
                models.add(RecallMatching.vehicleKey(rows.getString(1), rows.getString(2)));
            }
        }
    }
}
