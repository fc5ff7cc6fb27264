package dev.vspec.query.lookup;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.query.lookup.DecodedMatches.Candidate;
import dev.vspec.query.lookup.DecodedMatches.ModelOf;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.readmodel.GroupDocument;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What lookups read: configurations with their documents, the configurations of decoded models, what links VINs
 * and aliases keys, and the installed vPIC release's decodes. The store reads them from PostgreSQL and vPIC, through
 * a cache that answers configurations by key and models' configurations from memory.
 */
public interface Configurations {

    /** Every configuration the lookup selects, with the documents' bodies (null where none is stored), in no particular order. */
    List<ResolvedVehicle> select(Lookup.Selecting lookup, List<GroupDocument<?>> documents);

    /** The held configurations of each model asked for; an empty list for a model without any. */
    Map<ModelOf, List<Candidate>> ofModels(Set<ModelOf> models);

    /** What linked the VIN to a configuration; empty when nothing did. */
    Optional<Link> link(Vin vin);

    /** The config_key each of the VINs is linked to; VINs linked to none are absent. */
    Map<String, String> linkedKeys(Collection<Vin> vins);

    /** The configuration {@code alias} also names ({@code read.config_key_alias}), or empty. */
    Optional<Alias> alias(String alias);

    /**
     * The installed vPIC release's decode of the VIN; null when it registers no manufacturer with the VIN's WMI.
     *
     * @throws dev.vspec.contracts.error.ApiException {@code service_unavailable} when no vPIC release is installed
     */
    VinDecoding decode(Vin vin);

    /**
     * A VIN's link: the configuration's key and when the link was recorded, and the source and time of the VIN's
     * service history (null when none is recorded).
     */
    record Link(String configKey, OffsetDateTime linkedAt, String historySource, OffsetDateTime historyRecordedAt) {}

    record Alias(String configKey, OffsetDateTime recordedAt) {}
}
