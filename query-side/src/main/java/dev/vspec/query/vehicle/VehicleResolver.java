package dev.vspec.query.vehicle;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.VehicleIdentifier.ByConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier.ByVin;
import dev.vspec.contracts.identity.VehicleIdentifier.ByYearMakeModel;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.infra.decoding.DecoderSource;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import dev.vspec.query.vehicle.ConfigurationLookup.Criteria;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.Param;
import org.jooq.impl.DSL;
import org.springframework.stereotype.Component;

/**
 * Resolves a request's {@link VehicleIdentifier} against the read tables. Every route that takes an
 * identifier goes through here, so resolution, its 404 and 409 answers and the candidate order are
 * the same everywhere. The config_key mode, the one callers repeat, goes through the
 * {@link ConfigurationCache}.
 */
@Component
public class VehicleResolver {

    /** Candidates are ordered by label, then key, in code-point order so the order does not depend on the database collation. */
    static final Comparator<Vehicle> CANDIDATE_ORDER =
            Comparator.comparing(Vehicle::label).thenComparing(Vehicle::configKey);

    private final ConfigurationLookup lookup;
    private final DecoderSource decoders;
    private final ConfigurationCache cache;
    private final DecodedMatches decodedMatches;

    VehicleResolver(ConfigurationLookup lookup, DecoderSource decoders, ConfigurationCache cache, DecodedMatches decodedMatches) {
        this.lookup = lookup;
        this.decoders = decoders;
        this.cache = cache;
        this.decodedMatches = decodedMatches;
    }

    /**
     * The one configuration the identifier names.
     *
     * @throws ApiException {@code not_found} when none matches, {@code multiple_matches} (with every
     *                      candidate) when a year/make/model[/trim] lookup or a decoded VIN matches several,
     *                      {@code unsupported_vehicle} when a VIN that is not held decodes without an engine code
     */
    public Vehicle resolve(VehicleIdentifier identifier) {
        return resolve(identifier, List.of()).vehicle();
    }

    /**
     * The one configuration the identifier names, with the stored documents asked for, read in the
     * same statement: the configuration's row left-joined with each document table by config_key.
     *
     * @throws ApiException as {@link #resolve(VehicleIdentifier)}
     */
    public ResolvedVehicle resolve(VehicleIdentifier identifier, GroupDocument<?>... documents) {
        return resolve(identifier, List.of(documents));
    }

    /** As {@link #resolve(VehicleIdentifier, GroupDocument...)}. */
    public ResolvedVehicle resolve(VehicleIdentifier identifier, List<GroupDocument<?>> documents) {
        List<ResolvedVehicle> candidates = find(identifier, documents);
        if (candidates.isEmpty()) {
            throw notFound(identifier);
        }
        if (candidates.size() > 1) {
            throw new ApiException(ErrorCode.MULTIPLE_MATCHES,
                    candidates.size() + " configurations match " + describe(identifier)
                            + (identifier instanceof ByVin
                                    ? " as decoded; retry with one config_key from matches"
                                    : "; retry with one config_key from matches, or add trim to narrow the lookup"),
                    candidates.stream().map(candidate -> candidate.vehicle().asMatch()).toList());
        }
        return candidates.get(0);
    }

    /**
     * Every configuration the identifier matches, in the order a 409 lists them.
     *
     * @throws ApiException {@code not_found} when there is none
     */
    public List<ConfigMatch> candidates(VehicleIdentifier identifier) {
        List<ResolvedVehicle> candidates = find(identifier, List.of());
        if (candidates.isEmpty()) {
            throw notFound(identifier);
        }
        return candidates.stream().map(candidate -> candidate.vehicle().asMatch()).toList();
    }

    private List<ResolvedVehicle> find(VehicleIdentifier identifier, List<GroupDocument<?>> documents) {
        if (identifier instanceof ByVin byVin) {
            List<ResolvedVehicle> linked = linked(byVin.vin(), documents);
            return linked.isEmpty() ? decodedMatches(byVin.vin(), documents) : linked;
        }
        if (identifier instanceof ByConfigKey byKey) {
            String configKey = byKey.configKey();
            if (!ConfigKey.isWellFormed(configKey)) {
                return List.of();
            }
            List<ResolvedVehicle> found = byKey(configKey, documents);
            if (found.isEmpty()) {
                // the key a newer vPIC release derives for a vehicle held under an earlier release's key
                return lookup.aliasedKey(configKey)
                        .map(alias -> byKey(alias.configKey(), documents).stream()
                                .map(held -> held.pickedBy(LastChange.at(alias.recordedAt())))
                                .toList())
                        .orElse(found);
            }
            return found;
        }
        return select(matching((ByYearMakeModel) identifier), documents);
    }

    private List<ResolvedVehicle> byKey(String configKey, List<GroupDocument<?>> documents) {
        return cache.find(configKey, documents, read -> {
            Param<String> key = DSL.param("config_key", configKey);
            return select(new Criteria("config_key", CONFIGURATION, CONFIGURATION.CONFIG_KEY.eq(key), List.of(key)), read);
        });
    }

    /**
     * The configuration a VIN is linked to, if any: no decode, no 404. The link and the VIN's service history
     * are read each time; the configuration as by its config_key (through the cache).
     */
    public List<ResolvedVehicle> linked(Vin vin, List<GroupDocument<?>> documents) {
        return lookup.linkedVin(vin.value())
                .map(link -> byKey(link.configKey(), documents).stream()
                        .map(found -> withServiceHistory(found, link.historySource(), link.historyRecordedAt())
                                .pickedBy(LastChange.at(link.linkedAt())))
                        .toList())
                .orElse(List.of());
    }

    private static ResolvedVehicle withServiceHistory(ResolvedVehicle found, String source, OffsetDateTime recordedAt) {
        Vehicle vehicle = found.vehicle();
        return new ResolvedVehicle(vehicle.withCoverage(vehicle.coverage().with(Group.SERVICE_HISTORY.key(), source, recordedAt)),
                found.documents(), found.times());
    }

    /**
     * A VIN that no catalog import or enrichment linked: decode it with the installed vPIC release and
     * look for held configurations that match ({@link DecodedMatches}); the one that does is read as by its
     * config_key (through the cache).
     *
     * @throws ApiException {@code not_found} when vPIC does not know its WMI, cannot tell its model or no
     *                      configuration matches; {@code unsupported_vehicle} (with the decode) when no engine
     *                      code resolves; {@code service_unavailable} when no vPIC release is installed
     */
    private List<ResolvedVehicle> decodedMatches(Vin vin, List<GroupDocument<?>> documents) {
        VinDecoder decoder = decoders.require();
        if (!decoder.knowsWmi(vin)) {
            throw new ApiException(ErrorCode.NOT_FOUND, "No enriched vehicle config is held for VIN " + vin
                    + ", and NHTSA's vPIC registers no manufacturer with its WMI " + VinDecoder.wmiOf(vin.value()));
        }
        VinDecoding decoding = decoder.decode(vin);
        if (!decoding.identifiesModel()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "No enriched vehicle config is held for VIN " + vin
                    + ", and NHTSA's vPIC cannot tell its model (it reads: " + decoding.describedAs()
                    + "); it can be enriched with POST /v0/enrich (then poll GET /v0/enrich and read again)");
        }
        if (decoding.engineCode() == null) {
            throw unsupported(vin, decoding);
        }
        List<Vehicle> matches = decodedMatches.matching(List.of(decoding)).get(0);
        if (matches.isEmpty()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "VIN " + vin + " decodes as " + decoding.describedAs()
                    + " but no enriched vehicle config matches it; it can be enriched with POST /v0/enrich"
                    + " (then poll GET /v0/enrich and read again)");
        }
        if (matches.size() > 1) {
            return matches.stream().map(vehicle -> new ResolvedVehicle(vehicle, Map.of(), ChangeTimes.UNKNOWN)).toList();
        }
        // No import or enrichment linked the VIN, so none recorded its service history either. What matched it
        // is a decode by the installed vPIC release, which no recorded time dates.
        return find(new ByConfigKey(matches.get(0).configKey()), documents).stream()
                .map(found -> withServiceHistory(found, null, null).pickedBy(LastChange.UNKNOWN))
                .toList();
    }

    /** 422: the VIN decodes to a model but vPIC gives nothing an engine code resolves from. */
    public static ApiException unsupported(Vin vin, VinDecoding decoding) {
        return ApiException.withDecode(ErrorCode.UNSUPPORTED_VEHICLE, "VIN " + vin + " decodes as " + decoding.describedAs()
                + " but no engine code resolves (vPIC gives no manufacturer engine code, nor displacement and cylinders);"
                + " the vehicle is not supported (not retryable)", decoding);
    }

    private static Criteria matching(ByYearMakeModel ymm) {
        List<Param<?>> parameters = new ArrayList<>();
        Condition condition = CONFIGURATION.YEAR.eq(bind(parameters, "year", ymm.year()))
                .and(CONFIGURATION.MAKE_MATCH.eq(bind(parameters, "make", VehicleIdentifier.normalize(ymm.make()))))
                .and(CONFIGURATION.MODEL_MATCH.eq(bind(parameters, "model", VehicleIdentifier.normalize(ymm.model()))));
        if (!ymm.hasTrim()) {
            return new Criteria("year_make_model", CONFIGURATION, condition, parameters);
        }
        condition = condition.and(CONFIGURATION.TRIM_MATCH.eq(bind(parameters, "trim", VehicleIdentifier.normalize(ymm.trim()))));
        return new Criteria("year_make_model+trim", CONFIGURATION, condition, parameters);
    }

    /** A named parameter for a statement whose SQL is rendered once per shape and cached. */
    private static <T> Param<T> bind(List<Param<?>> parameters, String name, T value) {
        Param<T> parameter = DSL.param(name, value);
        parameters.add(parameter);
        return parameter;
    }

    /** The matching configurations with their documents, in candidate order. */
    private List<ResolvedVehicle> select(Criteria criteria, List<GroupDocument<?>> documents) {
        return lookup.find(criteria, documents).stream()
                .sorted(Comparator.comparing(ResolvedVehicle::vehicle, CANDIDATE_ORDER))
                .toList();
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
