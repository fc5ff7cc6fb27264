package dev.vspec.query.vehicle;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.query.vehicle.ConfigurationCache.ModelOf;
import java.sql.ResultSet;
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
 * {@link CatalogIdentity#configKey()}), that one alone. Both statements take arrays, so each is rendered once
 * (in the deployable's schema) and run over plain JDBC, as {@link ConfigurationLookup} runs its own. A model's
 * configurations are kept by the {@link ConfigurationCache} until a change is reported: a VIN read decodes
 * in memory and usually matches without a statement.
 */
@Component
public class DecodedMatches {

    private final DataSource dataSource;
    private final ConfigurationCache cache;
    private final String linkedSql;
    private final String matchingSql;

    DecodedMatches(DSLContext db, DataSource dataSource, ConfigurationCache cache) {
        this.dataSource = dataSource;
        this.cache = cache;
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
        return RenderedStatements.run(dataSource, linkedSql, (connection, select) -> {
            select.setArray(1, connection.createArrayOf("varchar", values));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    keys.put(rows.getString(1), rows.getString(2));
                }
            }
            return keys;
        });
    }

    /**
     * For each decode, in order, the held configurations it matches, in candidate order; none for a decode
     * that does not tell year, make and model.
     */
    public List<List<Vehicle>> matching(List<VinDecoding> decodings) {
        Set<ModelOf> models = new LinkedHashSet<>();
        for (VinDecoding decoding : decodings) {
            if (decoding.identifiesModel()) {
                models.add(modelOf(decoding));
            }
        }
        Map<ModelOf, List<Candidate>> candidates = models.isEmpty() ? Map.of() : cache.candidates(models, this::candidatesOf);
        List<List<Vehicle>> matches = new ArrayList<>(decodings.size());
        for (VinDecoding decoding : decodings) {
            if (!decoding.identifiesModel()) {
                matches.add(List.of());
                continue;
            }
            Decoded decoded = Decoded.of(decoding);
            List<Vehicle> found = new ArrayList<>();
            for (Candidate candidate : candidates.get(modelOf(decoding))) {
                if (candidate.agreesWith(decoded)) {
                    found.add(candidate.vehicle());
                }
            }
            if (found.size() > 1) {
                // The configuration registered from exactly this decode (by enrichment or import-vpic) is the VIN's:
                // every VIN of a vehicle names its key, even where other trims agree with a decode that tells none.
                String own = CatalogIdentity.of(decoding).map(CatalogIdentity::configKey).orElse(null);
                Optional<Vehicle> exact = found.stream().filter(vehicle -> vehicle.configKey().equals(own)).findFirst();
                if (exact.isPresent()) {
                    matches.add(List.of(exact.get()));
                    continue;
                }
            }
            found.sort(VehicleResolver.CANDIDATE_ORDER);
            matches.add(List.copyOf(found));
        }
        return matches;
    }

    private static ModelOf modelOf(VinDecoding decoding) {
        return new ModelOf(decoding.modelYear(), VehicleIdentifier.normalize(decoding.make()),
                VehicleIdentifier.normalize(decoding.model()));
    }

    /** The held configurations of each of the models, in one statement; an empty list for a model without any. */
    private Map<ModelOf, List<Candidate>> candidatesOf(Set<ModelOf> models) {
        Map<ModelOf, List<Candidate>> found = new HashMap<>();
        models.forEach(model -> found.put(model, new ArrayList<>()));
        return RenderedStatements.run(dataSource, matchingSql, (connection, select) -> {
            select.setArray(1, connection.createArrayOf("integer", models.stream().map(ModelOf::year).toArray()));
            select.setArray(2, connection.createArrayOf("varchar", models.stream().map(ModelOf::make).toArray()));
            select.setArray(3, connection.createArrayOf("varchar", models.stream().map(ModelOf::model).toArray()));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    found.get(new ModelOf(rows.getInt(3), rows.getString(9), rows.getString(10))).add(new Candidate(
                            new Vehicle(rows.getString(1), rows.getString(2), rows.getInt(3), rows.getString(4), rows.getString(5),
                                    rows.getString(6), rows.getString(7), rows.getString(8)),
                            rows.getString(11)));
                }
            }
            found.replaceAll((model, candidates) -> List.copyOf(candidates));
            return found;
        });
    }

    /** A configuration of a decoded year, make and model, with its normalised trim. */
    record Candidate(Vehicle vehicle, String trimMatch) {

        /** Whether a decode of this configuration's year, make and model agrees with its trim, engine code and drivetrain. */
        boolean agreesWith(Decoded decoded) {
            if (!decoded.trims().isEmpty() && !decoded.trims().contains(trimMatch)) {
                return false;
            }
            String engineCode = vehicle.engineCode();
            if (decoded.engineCode() != null && (engineCode == null || !decoded.engineCode().equalsIgnoreCase(engineCode))) {
                return false;
            }
            String drivetrain = vehicle.drivetrain();
            return decoded.drivetrains().isEmpty() || drivetrain == null
                    || decoded.drivetrains().contains(drivetrain.toLowerCase(Locale.ROOT));
        }
    }

    /** What a decode tells that its model's configurations must agree with, worked out once per decode. */
    private record Decoded(List<String> trims, String engineCode, List<String> drivetrains) {

        static Decoded of(VinDecoding decoding) {
            return new Decoded(CatalogIdentity.trimAlternatives(decoding.trim()),
                    decoding.engineCode() == null ? null : decoding.engineCode().value(),
                    CatalogIdentity.drivetrains(decoding.driveType()));
        }
    }
}
