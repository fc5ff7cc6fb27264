package dev.vspec.query.lookup;

import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.epa.EpaEngines;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ConfigMatch;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.query.lookup.Lookup.Found;
import dev.vspec.query.vehicle.LastChange;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.GroupDocument;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Resolves a request's {@link VehicleIdentifier} to the configuration it names: its {@link Lookup} reads what
 * matches from the {@link Configurations} (the cache in front of the database), and this turns what it found
 * into the answer: one configuration, or {@code not_found}, {@code multiple_matches} with every candidate, or
 * {@code unsupported_vehicle}. Every route that takes an identifier goes through here, so resolution, its errors
 * and the candidate order are the same everywhere.
 */
@Component
public class VehicleResolver {

    private final Configurations configurations;
    private final EpaSpecSheet epaSpecs;
    private final VinEngines engines;

    VehicleResolver(Configurations configurations, EpaSpecSheet epaSpecs, VinEngines engines) {
        this.configurations = configurations;
        this.epaSpecs = epaSpecs;
        this.engines = engines;
    }

    /**
     * The one configuration the identifier names.
     *
     * @throws ApiException {@code not_found} when none matches, {@code multiple_matches} (with every
     *                      candidate) when a year/make/model[/trim] lookup or a decoded VIN matches several,
     *                      {@code unsupported_vehicle} when a VIN that is not held decodes without an engine code,
     *                      {@code service_unavailable} when such a VIN needs a decode and no vPIC release is installed
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
        Found found = Lookup.of(identifier).find(configurations, documents);
        List<ResolvedVehicle> vehicles = found.vehicles();
        if (vehicles.size() == 1) {
            return documents.contains(GroupDocument.SPECS) ? epaSpecs.complete(vehicles.get(0)) : vehicles.get(0);
        }
        if (vehicles.isEmpty()) {
            throw notFound(found.by());
        }
        throw new ApiException(
                ErrorCode.MULTIPLE_MATCHES,
                vehicles.size() + " configurations match " + describe(found.by())
                        + (found.by() instanceof Lookup.Selecting
                                ? "; retry with one config_key from matches, or add trim to narrow the lookup"
                                : " as decoded; retry with one config_key from matches"),
                matches(vehicles));
    }

    /**
     * Every configuration the identifier matches, in the order a 409 lists them.
     *
     * @throws ApiException {@code not_found} when there is none, and as {@link #resolve(VehicleIdentifier)} for a VIN
     */
    public List<ConfigMatch> candidates(VehicleIdentifier identifier) {
        Found found = Lookup.of(identifier).find(configurations, List.of());
        if (found.vehicles().isEmpty()) {
            throw notFound(found.by());
        }
        return matches(found.vehicles());
    }

    /**
     * The model year, make and model the identifier names, with or without a held configuration: a year, make and model
     * as sent (a trim does not narrow a model); a config_key's configuration; a VIN's linked configuration, else its
     * decode.
     *
     * @throws ApiException {@code not_found} for a config_key nothing holds, or a VIN whose decode tells no model;
     *                      {@code service_unavailable} when such a VIN needs a decode and no vPIC release is installed
     */
    public NamedModel model(VehicleIdentifier identifier) {
        if (identifier instanceof VehicleIdentifier.ByYearMakeModel ymm) {
            return new NamedModel(ymm.year(), ymm.make(), ymm.model(), "year_make_model", null, LastChange.NOTHING);
        }
        if (identifier instanceof VehicleIdentifier.ByVin byVin) {
            List<ResolvedVehicle> linked = new Lookup.ByVin(byVin.vin()).linked(configurations, List.of());
            if (!linked.isEmpty()) {
                return NamedModel.of(linked.get(0).vehicle(), linked.get(0).lastChange());
            }
            VinDecoding decoding = configurations.decode(byVin.vin());
            if (decoding == null || !decoding.identifiesModel()) {
                throw notFound(new Lookup.Decoded(byVin.vin(), decoding));
            }
            return new NamedModel(
                    decoding.modelYear(), decoding.make(), decoding.model(), "vin_decode", null, LastChange.UNKNOWN);
        }
        ResolvedVehicle held = resolve(identifier, List.of());
        return NamedModel.of(held.vehicle(), held.lastChange());
    }

    /**
     * 422: the VIN decodes to a model but vPIC gives nothing an engine code resolves from, and the EPA's entries of the
     * model list no engine or several ({@code candidates}, which the answer lists).
     */
    public static ApiException unsupported(Vin vin, VinDecoding decoding, List<EpaEngines.Engine> candidates) {
        return ApiException.withDecode(
                ErrorCode.UNSUPPORTED_VEHICLE,
                "VIN " + vin + " decodes as " + decoding.describedAs()
                        + " but no engine code resolves (vPIC gives no manufacturer engine code, nor displacement and"
                        + " cylinders"
                        + (candidates.isEmpty()
                                ? ", and the EPA's fuel-economy entries held list no engine of the model"
                                : "; the EPA's fuel-economy entries of the model list " + candidates.size()
                                        + " engines, in engine_candidates, and the VIN does not tell which")
                        + "); the vehicle is not supported (not retryable)",
                decoding,
                candidates);
    }

    private static List<ConfigMatch> matches(List<ResolvedVehicle> vehicles) {
        return vehicles.stream().map(candidate -> candidate.vehicle().asMatch()).toList();
    }

    /** Why nothing answers: for a VIN nothing links, what its decode tells. */
    private ApiException notFound(Lookup by) {
        if (by instanceof Lookup.Decoded decoded) {
            Vin vin = decoded.vin();
            VinDecoding decoding = decoded.decoding();
            if (decoding == null) {
                return new ApiException(
                        ErrorCode.NOT_FOUND,
                        "No enriched vehicle config is held for VIN " + vin
                                + ", and NHTSA's vPIC registers no manufacturer with its WMI "
                                + VinDecoder.wmiOf(vin.value()));
            }
            if (!decoding.identifiesModel()) {
                return new ApiException(
                        ErrorCode.NOT_FOUND,
                        "No enriched vehicle config is held for VIN " + vin
                                + ", and NHTSA's vPIC cannot tell its model (it reads: " + decoding.describedAs()
                                + "); " + nextStep(vin));
            }
            if (decoding.engineCode() == null) {
                return unsupported(vin, decoding, engines.resolve(decoding).candidates());
            }
            return new ApiException(
                    ErrorCode.NOT_FOUND,
                    "VIN " + vin + " decodes as " + decoding.describedAs()
                            + " but no enriched vehicle config matches it; " + nextStep(vin));
        }
        if (by instanceof Lookup.ByVin byVin) {
            return new ApiException(
                    ErrorCode.NOT_FOUND,
                    "No enriched vehicle config is held for VIN " + byVin.vin() + "; " + nextStep(byVin.vin()));
        }
        return new ApiException(ErrorCode.NOT_FOUND, "No enriched vehicle config matches " + describe(by));
    }

    /**
     * What the caller can do about a VIN nothing here holds, on the surface it asked: the live API enriches it; the
     * sandbox, which takes no writes, holds its sample vehicles alone (its 404 lists them).
     */
    private static String nextStep(Vin vin) {
        AskedRoutes routes = AskedRoutes.current();
        if (!routes.takesWrites()) {
            return "the sandbox holds its sample vehicles only (listed under available)";
        }
        String enrich = routes.route(EnrichmentJobId.ROUTE);
        return "POST " + enrich + " with {\"vin\": \"" + vin + "\"} (scope enrich:write) schedules its enrichment;"
                + " poll GET " + enrich + "?vin=" + vin + " until it completes, then read again";
    }

    private static String describe(Lookup by) {
        if (by instanceof Lookup.ByVin byVin) {
            return "VIN " + byVin.vin();
        }
        if (by instanceof Lookup.Decoded decoded) {
            return "VIN " + decoded.vin();
        }
        if (by instanceof Lookup.ByKey byKey) {
            return "config_key " + byKey.configKey();
        }
        VehicleIdentifier.ByYearMakeModel ymm = ((Lookup.ByYearMakeModel) by).identifier();
        return "year " + ymm.year() + ", make '" + ymm.make() + "', model '" + ymm.model() + "'"
                + (ymm.hasTrim() ? ", trim '" + ymm.trim() + "'" : "");
    }
}
