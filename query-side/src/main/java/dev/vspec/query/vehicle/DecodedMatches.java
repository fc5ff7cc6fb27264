package dev.vspec.query.vehicle;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoding;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Row3;
import org.jooq.impl.DSL;
import org.springframework.stereotype.Component;

/**
 * What the catalog holds for VINs, however many at once, in one statement each: the configurations VINs
 * are linked to, and the configurations decodes match. A decode matches a configuration of its year, make
 * and model whose trim, engine code and drivetrain agree with the decode's where vPIC decoded them: a trim
 * vPIC writes as alternatives ("L/LE/SE", "S, SE, R-Line") agrees with any of them; the engine code (read
 * from vPIC's engine model, or derived as {@code 5.0l-v8}) regardless of case; a configuration without a
 * drivetrain with any.
 */
@Component
public class DecodedMatches {

    private final DSLContext db;

    DecodedMatches(DSLContext db) {
        this.db = db;
    }

    /** The config_key each of the VINs is linked to; VINs linked to none are absent. */
    public Map<String, String> linkedKeys(Collection<Vin> vins) {
        Set<String> values = new LinkedHashSet<>();
        vins.forEach(vin -> values.add(vin.value()));
        Map<String, String> keys = new HashMap<>();
        if (!values.isEmpty()) {
            db.select(VIN.VIN_, VIN.CONFIG_KEY).from(VIN).where(VIN.VIN_.in(values))
                    .forEach(row -> keys.put(row.value1(), row.value2()));
        }
        return keys;
    }

    /**
     * For each decode, in order, the held configurations it matches, in candidate order; none for a decode
     * that does not tell year, make and model.
     */
    public List<List<Vehicle>> matching(List<VinDecoding> decodings) {
        Set<Row3<Integer, String, String>> models = new LinkedHashSet<>();
        for (VinDecoding decoding : decodings) {
            if (decoding.identifiesModel()) {
                models.add(DSL.row(decoding.modelYear(), VehicleIdentifier.normalize(decoding.make()),
                        VehicleIdentifier.normalize(decoding.model())));
            }
        }
        List<Record> rows = models.isEmpty() ? List.of() : db.select(CONFIGURATION.CONFIG_KEY, CONFIGURATION.LABEL,
                        CONFIGURATION.YEAR, CONFIGURATION.MAKE, CONFIGURATION.MODEL, CONFIGURATION.TRIM,
                        CONFIGURATION.ENGINE_CODE, CONFIGURATION.DRIVETRAIN, CONFIGURATION.MAKE_MATCH,
                        CONFIGURATION.MODEL_MATCH, CONFIGURATION.TRIM_MATCH)
                .from(CONFIGURATION)
                .where(DSL.row(CONFIGURATION.YEAR, CONFIGURATION.MAKE_MATCH, CONFIGURATION.MODEL_MATCH).in(models))
                .fetch().stream().map(Record.class::cast).toList();
        List<List<Vehicle>> matches = new ArrayList<>(decodings.size());
        for (VinDecoding decoding : decodings) {
            List<Vehicle> found = new ArrayList<>();
            if (decoding.identifiesModel()) {
                for (Record row : rows) {
                    if (agree(decoding, row)) {
                        found.add(new Vehicle(row.get(CONFIGURATION.CONFIG_KEY), row.get(CONFIGURATION.LABEL),
                                row.get(CONFIGURATION.YEAR), row.get(CONFIGURATION.MAKE), row.get(CONFIGURATION.MODEL),
                                row.get(CONFIGURATION.TRIM), row.get(CONFIGURATION.ENGINE_CODE), row.get(CONFIGURATION.DRIVETRAIN)));
                    }
                }
            }
            found.sort(VehicleResolver.CANDIDATE_ORDER);
            matches.add(List.copyOf(found));
        }
        return matches;
    }

    private static boolean agree(VinDecoding decoding, Record row) {
        if (!decoding.modelYear().equals(row.get(CONFIGURATION.YEAR))
                || !VehicleIdentifier.normalize(decoding.make()).equals(row.get(CONFIGURATION.MAKE_MATCH))
                || !VehicleIdentifier.normalize(decoding.model()).equals(row.get(CONFIGURATION.MODEL_MATCH))) {
            return false;
        }
        List<String> trims = DecodedIdentity.trimAlternatives(decoding.trim());
        if (!trims.isEmpty() && !trims.contains(row.get(CONFIGURATION.TRIM_MATCH))) {
            return false;
        }
        String engineCode = row.get(CONFIGURATION.ENGINE_CODE);
        if (decoding.engineCode() != null && (engineCode == null || !decoding.engineCode().value().equalsIgnoreCase(engineCode))) {
            return false;
        }
        List<String> drivetrains = DecodedIdentity.drivetrains(decoding.driveType());
        String drivetrain = row.get(CONFIGURATION.DRIVETRAIN);
        return drivetrains.isEmpty() || drivetrain == null || drivetrains.contains(drivetrain.toLowerCase(Locale.ROOT));
    }
}
