package dev.vspec.query.vehicle;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.VehicleIdentifier.ByConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier.ByVin;
import dev.vspec.contracts.identity.VehicleIdentifier.ByYearMakeModel;
import java.util.Comparator;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.SelectField;
import org.springframework.stereotype.Component;

/**
 * Resolves a request's {@link VehicleIdentifier} against the read tables. Every route that takes an
 * identifier goes through here, so resolution, its 404 and 409 answers and the candidate order are
 * the same everywhere.
 */
@Component
public class VehicleResolver {

    /** Candidates are ordered by label, then key, in code-point order so the order does not depend on the database collation. */
    static final Comparator<Vehicle> CANDIDATE_ORDER =
            Comparator.comparing(Vehicle::label).thenComparing(Vehicle::configKey);

    private static final List<SelectField<?>> VEHICLE_FIELDS = List.of(
            CONFIGURATION.CONFIG_KEY, CONFIGURATION.LABEL, CONFIGURATION.YEAR, CONFIGURATION.MAKE,
            CONFIGURATION.MODEL, CONFIGURATION.TRIM, CONFIGURATION.ENGINE_CODE, CONFIGURATION.DRIVETRAIN);

    private final DSLContext db;

    VehicleResolver(DSLContext db) {
        this.db = db;
    }

    /**
     * The one configuration the identifier names.
     *
     * @throws ApiException {@code not_found} when none matches, {@code multiple_matches} (with every
     *                      candidate) when a year/make/model[/trim] lookup matches several
     */
    public Vehicle resolve(VehicleIdentifier identifier) {
        List<Vehicle> candidates = find(identifier);
        if (candidates.isEmpty()) {
            throw notFound(identifier);
        }
        if (candidates.size() > 1) {
            throw new ApiException(ErrorCode.MULTIPLE_MATCHES,
                    candidates.size() + " configurations match " + describe(identifier)
                            + "; retry with one config_key from matches, or add trim to narrow the lookup",
                    candidates.stream().map(Vehicle::asMatch).toList());
        }
        return candidates.get(0);
    }

    /**
     * Every configuration the identifier matches, in the order a 409 lists them.
     *
     * @throws ApiException {@code not_found} when there is none
     */
    public List<ConfigMatch> candidates(VehicleIdentifier identifier) {
        List<Vehicle> candidates = find(identifier);
        if (candidates.isEmpty()) {
            throw notFound(identifier);
        }
        return candidates.stream().map(Vehicle::asMatch).toList();
    }

    private List<Vehicle> find(VehicleIdentifier identifier) {
        if (identifier instanceof ByVin byVin) {
            return db.select(VEHICLE_FIELDS)
                    .from(VIN)
                    .join(CONFIGURATION).on(CONFIGURATION.CONFIG_KEY.eq(VIN.CONFIG_KEY))
                    .where(VIN.VIN_.eq(byVin.vin().value()))
                    .fetch(VehicleResolver::vehicle);
        }
        if (identifier instanceof ByConfigKey byKey) {
            return select(CONFIGURATION.CONFIG_KEY.eq(byKey.configKey().value()));
        }
        return select(matching((ByYearMakeModel) identifier));
    }

    private static Condition matching(ByYearMakeModel ymm) {
        Condition condition = CONFIGURATION.YEAR.eq(ymm.year())
                .and(CONFIGURATION.MAKE_MATCH.eq(VehicleIdentifier.normalize(ymm.make())))
                .and(CONFIGURATION.MODEL_MATCH.eq(VehicleIdentifier.normalize(ymm.model())));
        return ymm.hasTrim() ? condition.and(CONFIGURATION.TRIM_MATCH.eq(VehicleIdentifier.normalize(ymm.trim()))) : condition;
    }

    private List<Vehicle> select(Condition condition) {
        return db.select(VEHICLE_FIELDS)
                .from(CONFIGURATION)
                .where(condition)
                .fetch(VehicleResolver::vehicle)
                .stream()
                .sorted(CANDIDATE_ORDER)
                .toList();
    }

    private static Vehicle vehicle(Record row) {
        return new Vehicle(
                row.get(CONFIGURATION.CONFIG_KEY),
                row.get(CONFIGURATION.LABEL),
                row.get(CONFIGURATION.YEAR),
                row.get(CONFIGURATION.MAKE),
                row.get(CONFIGURATION.MODEL),
                row.get(CONFIGURATION.TRIM),
                row.get(CONFIGURATION.ENGINE_CODE),
                row.get(CONFIGURATION.DRIVETRAIN));
    }

    private static ApiException notFound(VehicleIdentifier identifier) {
        if (identifier instanceof ByVin byVin) {
            return new ApiException(ErrorCode.NOT_FOUND, "No enriched vehicle config is held for VIN " + byVin.vin()
                    + "; it can be enriched with POST /v0/enrich (then poll GET /v0/enrich and read again)");
        }
        return new ApiException(ErrorCode.NOT_FOUND, "No enriched vehicle config matches " + describe(identifier));
    }

    private static String describe(VehicleIdentifier identifier) {
        if (identifier instanceof ByVin byVin) {
            return "VIN " + byVin.vin();
        }
        if (identifier instanceof ByConfigKey byKey) {
            return "config_key " + byKey.configKey();
        }
        ByYearMakeModel ymm = (ByYearMakeModel) identifier;
        return "year " + ymm.year() + ", make '" + ymm.make() + "', model '" + ymm.model() + "'"
                + (ymm.hasTrim() ? ", trim '" + ymm.trim() + "'" : "");
    }
}
