package dev.vspec.decoder;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.ConfigurationEnumerator.Found;
import dev.vspec.decoder.ConfigurationEnumerator.Request;
import dev.vspec.decoder.ConfigurationEnumerator.Summary;
import dev.vspec.decoder.SchemaKeys.ModelKey;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One {@link ConfigurationEnumerator} enumeration: for each WMI and year, the VINs of each Model key's
 * combinations, decoded, with what was tried and found.
 */
final class EnumerationRun {

    private final VinDecoder decoder;
    private final int maxVinsPerModelKey;
    private final Request request;
    private final Consumer<Found> found;
    private final Map<Integer, SchemaKeys> schemaKeys = new HashMap<>();
    private final Set<String> keys = new HashSet<>();
    private long decoded;
    private long withoutModel;
    private long withoutEngineCode;
    private long otherMake;
    private int capped;

    EnumerationRun(VinDecoder decoder, int maxVinsPerModelKey, Request request, Consumer<Found> found) {
        this.decoder = decoder;
        this.maxVinsPerModelKey = maxVinsPerModelKey;
        this.request = request;
        this.found = found;
    }

    /** The distinct {@code config_key}s found so far. */
    int configurations() {
        return keys.size();
    }

    /** What the run did, over {@code wmis} WMIs. */
    Summary summary(int wmis, Duration elapsed) {
        return new Summary(wmis, decoded, withoutModel, withoutEngineCode, otherMake, keys.size(), capped, elapsed);
    }

    void wmiYear(Wmi wmi, int year) {
        List<SchemaLink> links = new ArrayList<>(
                wmi.links().stream().filter(link -> link.covers(year)).toList());
        if (links.isEmpty()) {
            return;
        }
        links.sort(Comparator.comparingInt(SchemaLink::yearFrom)
                .thenComparingInt(link -> link.schema().id()));
        VinTemplate all = VinTemplate.of(wmi, year);
        Set<String> tried = new HashSet<>();
        for (SchemaLink link : links) {
            if (link.schema().toBeQced()) {
                continue;
            }
            SchemaKeys schema =
                    schemaKeys.computeIfAbsent(link.schema().id(), id -> SchemaKeys.of(decoder.index(), link.schema()));
            for (ModelKey model : schema.models()) {
                if (ofWantedMake(model)) {
                    combine(all.and(model.key()), schema, year, tried);
                }
            }
        }
    }

    /** The Model key with no other key, then with each compatible trim, engine and drive key. */
    private void combine(VinTemplate model, SchemaKeys schema, int year, Set<String> tried) {
        if (model == null) {
            return;
        }
        int vins = 0;
        List<PatternKey> trims = withNone(schema.trims());
        List<PatternKey> engines = withNone(schema.engines());
        List<PatternKey> drives = withNone(schema.drives());
        for (PatternKey trimKey : trims) {
            VinTemplate trim = model.and(trimKey);
            if (trim == null) {
                continue;
            }
            for (PatternKey engineKey : engines) {
                VinTemplate engine = trim.and(engineKey);
                if (engine == null) {
                    continue;
                }
                for (PatternKey driveKey : drives) {
                    VinTemplate drive = engine.and(driveKey);
                    if (drive == null) {
                        continue;
                    }
                    if (vins++ == maxVinsPerModelKey) {
                        capped++;
                        return;
                    }
                    String vin = drive.vin();
                    if (tried.add(vin)) {
                        decode(vin, year);
                    }
                }
            }
        }
    }

    private void decode(String vin, int year) {
        decoded++;
        VinDecoding decoding = decoder.decode(Vin.parse(vin));
        if (!decoding.identifiesModel() || decoding.modelYear() != year) {
            withoutModel++;
            return;
        }
        if (!request.makes().isEmpty()
                && !request.makes().contains(decoding.make().strip().toUpperCase(Locale.ROOT))) {
            otherMake++;
            return;
        }
        CatalogIdentity.of(decoding)
                .ifPresentOrElse(
                        identity -> {
                            if (keys.add(identity.configKey())) {
                                found.accept(new Found(vin, decoding, identity));
                            }
                        },
                        () -> withoutEngineCode++);
    }

    private boolean ofWantedMake(ModelKey model) {
        if (request.makes().isEmpty()) {
            return true;
        }
        if (model.modelId() == null) {
            return false;
        }
        for (int makeId : decoder.index().makesOfModel(model.modelId())) {
            String name = decoder.index().makeName(makeId);
            if (name != null && request.makes().contains(name.strip().toUpperCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** The keys, after null for "no key of this kind". */
    private static List<PatternKey> withNone(List<PatternKey> keys) {
        List<PatternKey> all = new ArrayList<>(keys.size() + 1);
        all.add(null);
        all.addAll(keys);
        return all;
    }
}
