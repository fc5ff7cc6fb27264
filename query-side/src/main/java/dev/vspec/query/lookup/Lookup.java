package dev.vspec.query.lookup;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;

import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.query.vehicle.LastChange;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.ResolvedVehicle.ChangeTimes;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.GroupDocument;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.Param;
import org.jooq.impl.DSL;

/**
 * What a request looks its configurations up by, and how each lookup reads them from {@link Configurations}: a
 * config_key, or a year, make and model[, trim], selects configuration rows by a condition of its own; a VIN reads
 * its link, then the configuration by key; a VIN nothing links is matched by its decode. {@link VehicleResolver}
 * turns what a lookup found into the answer, a 404, a 409 or a 422.
 */
public sealed interface Lookup permits Lookup.Selecting, Lookup.ByVin, Lookup.Decoded {

    /** Candidates are ordered by label, then key, in code-point order so the order does not depend on the database collation. */
    Comparator<Vehicle> CANDIDATE_ORDER = Comparator.comparing(Vehicle::label).thenComparing(Vehicle::configKey);

    static Lookup of(VehicleIdentifier identifier) {
        if (identifier instanceof VehicleIdentifier.ByVin byVin) {
            return new ByVin(byVin.vin());
        }
        if (identifier instanceof VehicleIdentifier.ByConfigKey byKey) {
            return new ByKey(byKey.configKey());
        }
        return new ByYearMakeModel((VehicleIdentifier.ByYearMakeModel) identifier);
    }

    /** The configurations this lookup names, with the documents asked for. */
    Found find(Configurations configurations, List<GroupDocument<?>> documents);

    /** What a lookup found, in candidate order, and the lookup that found it: a VIN nothing links is found by its decode. */
    record Found(Lookup by, List<ResolvedVehicle> vehicles) {}

    /**
     * A lookup that selects configuration rows by a condition with named parameters, built once per shape: the
     * statement around it is rendered once per shape and documents asked for, and each lookup binds its values.
     */
    sealed interface Selecting extends Lookup permits ByKey, ByYearMakeModel {

        Shape shape();

        /** The value of each of its shape's parameters, by name. */
        Map<String, Object> values();
    }

    /** The condition of a {@link Selecting} lookup; compared by identity, it keys the statements rendered with it. */
    final class Shape {

        private final Condition condition;

        private Shape(Condition condition) {
            this.condition = condition;
        }

        public Condition condition() {
            return condition;
        }
    }

    /**
     * A config_key. One that is not well formed names nothing; one that names no configuration may be the key a
     * newer vPIC release derives for a vehicle held under an earlier release's key ({@code read.config_key_alias}).
     */
    record ByKey(String configKey) implements Selecting {

        private static final Param<String> CONFIG_KEY = DSL.param("config_key", String.class);
        private static final Shape SHAPE = new Shape(CONFIGURATION.CONFIG_KEY.eq(CONFIG_KEY));

        @Override
        public Shape shape() {
            return SHAPE;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of(CONFIG_KEY.getParamName(), configKey);
        }

        @Override
        public Found find(Configurations configurations, List<GroupDocument<?>> documents) {
            if (!ConfigKey.isWellFormed(configKey)) {
                return new Found(this, List.of());
            }
            List<ResolvedVehicle> found = configurations.select(this, documents);
            if (found.isEmpty()) {
                found = configurations
                        .alias(configKey)
                        .map(alias -> configurations.select(new ByKey(alias.configKey()), documents).stream()
                                .map(held -> held.pickedBy(LastChange.at(alias.recordedAt())))
                                .toList())
                        .orElse(found);
            }
            return new Found(this, found);
        }
    }

    /** A year, make and model, narrowed by a trim when one is given; make, model and trim compared normalised. */
    record ByYearMakeModel(VehicleIdentifier.ByYearMakeModel identifier) implements Selecting {

        private static final Param<Integer> YEAR = DSL.param("year", Integer.class);
        private static final Param<String> MAKE = DSL.param("make", String.class);
        private static final Param<String> MODEL = DSL.param("model", String.class);
        private static final Param<String> TRIM = DSL.param("trim", String.class);
        private static final Shape ANY_TRIM = new Shape(CONFIGURATION
                .YEAR
                .eq(YEAR)
                .and(CONFIGURATION.MAKE_MATCH.eq(MAKE))
                .and(CONFIGURATION.MODEL_MATCH.eq(MODEL)));
        private static final Shape ONE_TRIM = new Shape(ANY_TRIM.condition().and(CONFIGURATION.TRIM_MATCH.eq(TRIM)));

        @Override
        public Shape shape() {
            return identifier.hasTrim() ? ONE_TRIM : ANY_TRIM;
        }

        @Override
        public Map<String, Object> values() {
            Map<String, Object> values = new HashMap<>(Map.of(
                    YEAR.getParamName(),
                    identifier.year(),
                    MAKE.getParamName(),
                    VehicleIdentifier.normalize(identifier.make()),
                    MODEL.getParamName(),
                    VehicleIdentifier.normalize(identifier.model())));
            if (identifier.hasTrim()) {
                values.put(TRIM.getParamName(), VehicleIdentifier.normalize(identifier.trim()));
            }
            return values;
        }

        @Override
        public Found find(Configurations configurations, List<GroupDocument<?>> documents) {
            return new Found(
                    this,
                    configurations.select(this, documents).stream()
                            .sorted(Comparator.comparing(ResolvedVehicle::vehicle, CANDIDATE_ORDER))
                            .toList());
        }
    }

    /**
     * A VIN: the configuration a catalog import or an enrichment linked it to, read as by its config_key, with the
     * VIN's service history. The link and the history's record are read each time. A VIN nothing links is decoded.
     */
    record ByVin(Vin vin) implements Lookup {

        @Override
        public Found find(Configurations configurations, List<GroupDocument<?>> documents) {
            List<ResolvedVehicle> linked = linked(configurations, documents);
            return linked.isEmpty()
                    ? new Decoded(vin, configurations.decode(vin)).find(configurations, documents)
                    : new Found(this, linked);
        }

        /** The configuration the VIN is linked to, with the documents asked for; empty when nothing links it. */
        List<ResolvedVehicle> linked(Configurations configurations, List<GroupDocument<?>> documents) {
            return configurations
                    .link(vin)
                    .map(link -> configurations.select(new ByKey(link.configKey()), documents).stream()
                            .map(found -> found.withServiceHistory(link.historySource(), link.historyRecordedAt())
                                    .pickedBy(LastChange.at(link.linkedAt())))
                            .toList())
                    .orElse(List.of());
        }
    }

    /**
     * A VIN nothing links, as the installed vPIC release decodes it (null when vPIC registers no manufacturer with
     * its WMI), matched against the held configurations of its model ({@link DecodedMatches}). A decode matches
     * nothing without its model and an engine code; the one configuration it matches is read as by its config_key.
     */
    record Decoded(Vin vin, VinDecoding decoding) implements Lookup {

        @Override
        public Found find(Configurations configurations, List<GroupDocument<?>> documents) {
            if (decoding == null || !decoding.identifiesModel() || decoding.engineCode() == null) {
                return new Found(this, List.of());
            }
            List<Vehicle> matches =
                    DecodedMatches.matching(configurations, List.of(decoding)).get(0);
            if (matches.size() != 1) {
                return new Found(
                        this,
                        matches.stream()
                                .map(vehicle -> new ResolvedVehicle(vehicle, Map.of(), ChangeTimes.UNKNOWN))
                                .toList());
            }
            // No import or enrichment linked the VIN, so none recorded its service history either. What matched it
            // is a decode by the installed vPIC release, which no recorded time dates.
            List<ResolvedVehicle> found = new ByKey(matches.get(0).configKey())
                    .find(configurations, documents).vehicles().stream()
                            .map(held -> held.withServiceHistory(null, null).pickedBy(LastChange.UNKNOWN))
                            .toList();
            // The configuration went between the two reads: the VIN is then held by nothing.
            return new Found(found.isEmpty() ? new ByVin(vin) : this, found);
        }
    }
}
