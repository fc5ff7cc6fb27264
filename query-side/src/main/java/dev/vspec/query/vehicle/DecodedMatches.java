package dev.vspec.query.vehicle;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoding;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.springframework.stereotype.Component;

/**
 * What the catalog holds for VINs, however many at once, in one statement each: the configurations VINs
 * are linked to, and the configurations decodes match. A decode matches a configuration of its year, make
 * and model whose trim, engine code and drivetrain agree with the decode's where vPIC decoded them: a trim
 * vPIC writes as alternatives ("L/LE/SE", "S, SE, R-Line") agrees with any of them; the engine code (read
 * from vPIC's engine model, or derived as {@code 5.0l-v8}) regardless of case; a configuration without a
 * drivetrain with any; and when one of them is the configuration registered from exactly that decode (its
 * {@link CatalogIdentity#configKey()}), that one alone. Both statements take arrays, so each is rendered once (in the deployable's schema)
 * and run over plain JDBC, as {@link ConfigurationLookup} runs its own.
 */
@Component
public class DecodedMatches {

    private final DataSource dataSource;
    private final String linkedSql;
    private final String matchingSql;

    DecodedMatches(DSLContext db, DataSource dataSource) {
        this.dataSource = dataSource;
        this.linkedSql = db.render(db.select(VIN.VIN_, VIN.CONFIG_KEY).from(VIN)
                .where(VIN.VIN_.eq(DSL.any(DSL.val(new String[0], SQLDataType.VARCHAR.array())))));
        this.matchingSql = db.render(db.select(CONFIGURATION.CONFIG_KEY, CONFIGURATION.LABEL, CONFIGURATION.YEAR,
                        CONFIGURATION.MAKE, CONFIGURATION.MODEL, CONFIGURATION.TRIM, CONFIGURATION.ENGINE_CODE,
                        CONFIGURATION.DRIVETRAIN, CONFIGURATION.MAKE_MATCH, CONFIGURATION.MODEL_MATCH, CONFIGURATION.TRIM_MATCH)
                .from(CONFIGURATION)
                .where(DSL.row(CONFIGURATION.YEAR, CONFIGURATION.MAKE_MATCH, CONFIGURATION.MODEL_MATCH).in(
                        DSL.select(DSL.field("y", Integer.class), DSL.field("m", String.class), DSL.field("n", String.class))
                                .from(DSL.table("unnest(?::integer[], ?::varchar[], ?::varchar[]) as models(y, m, n)")))));
    }

    /** The config_key each of the VINs is linked to; VINs linked to none are absent. */
    public Map<String, String> linkedKeys(Collection<Vin> vins) {
        Map<String, String> keys = new HashMap<>();
        if (vins.isEmpty()) {
            return keys;
        }
        String[] values = vins.stream().map(Vin::value).distinct().toArray(String[]::new);
        run(linkedSql, (connection, select) -> {
            select.setArray(1, connection.createArrayOf("varchar", values));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    keys.put(rows.getString(1), rows.getString(2));
                }
            }
        });
        return keys;
    }

    /**
     * For each decode, in order, the held configurations it matches, in candidate order; none for a decode
     * that does not tell year, make and model.
     */
    public List<List<Vehicle>> matching(List<VinDecoding> decodings) {
        Set<List<Object>> models = new LinkedHashSet<>();
        for (VinDecoding decoding : decodings) {
            if (decoding.identifiesModel()) {
                models.add(List.of(decoding.modelYear(), VehicleIdentifier.normalize(decoding.make()),
                        VehicleIdentifier.normalize(decoding.model())));
            }
        }
        List<Candidate> candidates = new ArrayList<>();
        if (!models.isEmpty()) {
            run(matchingSql, (connection, select) -> {
                select.setArray(1, connection.createArrayOf("integer", models.stream().map(m -> m.get(0)).toArray()));
                select.setArray(2, connection.createArrayOf("varchar", models.stream().map(m -> m.get(1)).toArray()));
                select.setArray(3, connection.createArrayOf("varchar", models.stream().map(m -> m.get(2)).toArray()));
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        candidates.add(new Candidate(new Vehicle(rows.getString(1), rows.getString(2), rows.getInt(3),
                                rows.getString(4), rows.getString(5), rows.getString(6), rows.getString(7), rows.getString(8)),
                                rows.getString(9), rows.getString(10), rows.getString(11)));
                    }
                }
            });
        }
        List<List<Vehicle>> matches = new ArrayList<>(decodings.size());
        for (VinDecoding decoding : decodings) {
            List<Vehicle> found = new ArrayList<>();
            if (decoding.identifiesModel()) {
                for (Candidate candidate : candidates) {
                    if (candidate.agreesWith(decoding)) {
                        found.add(candidate.vehicle());
                    }
                }
            }
            // The configuration registered from exactly this decode (by enrichment or import-vpic) is the VIN's:
            // every VIN of a vehicle names its key, even where other trims agree with a decode that tells none.
            String own = CatalogIdentity.of(decoding).map(CatalogIdentity::configKey).orElse(null);
            Optional<Vehicle> exact = found.stream().filter(vehicle -> vehicle.configKey().equals(own)).findFirst();
            if (exact.isPresent()) {
                matches.add(List.of(exact.get()));
                continue;
            }
            found.sort(VehicleResolver.CANDIDATE_ORDER);
            matches.add(List.copyOf(found));
        }
        return matches;
    }

    /** A configuration of a decoded year, make and model, with its normalised make, model and trim. */
    private record Candidate(Vehicle vehicle, String makeMatch, String modelMatch, String trimMatch) {

        boolean agreesWith(VinDecoding decoding) {
            if (decoding.modelYear() != vehicle.year() || !VehicleIdentifier.normalize(decoding.make()).equals(makeMatch)
                    || !VehicleIdentifier.normalize(decoding.model()).equals(modelMatch)) {
                return false;
            }
            List<String> trims = CatalogIdentity.trimAlternatives(decoding.trim());
            if (!trims.isEmpty() && !trims.contains(trimMatch)) {
                return false;
            }
            String engineCode = vehicle.engineCode();
            if (decoding.engineCode() != null && (engineCode == null || !decoding.engineCode().value().equalsIgnoreCase(engineCode))) {
                return false;
            }
            List<String> drivetrains = CatalogIdentity.drivetrains(decoding.driveType());
            String drivetrain = vehicle.drivetrain();
            return drivetrains.isEmpty() || drivetrain == null || drivetrains.contains(drivetrain.toLowerCase(Locale.ROOT));
        }
    }

    private interface Statement {
        void run(Connection connection, PreparedStatement select) throws SQLException;
    }

    private void run(String sql, Statement statement) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement select = connection.prepareStatement(sql)) {
            statement.run(connection, select);
        } catch (SQLException e) {
            throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
        }
    }
}
