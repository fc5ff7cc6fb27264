package dev.vspec.command.catalog;

import dev.vspec.command.catalog.ConfigurationEntry.SourcesEntry;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.Vin;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The sources one configuration of a catalog file states for its facts ({@code source}, {@code sources} and a
 * price's {@code source}, see docs/catalog-format.md), each checked against {@link CatalogRules#source} and
 * against what the configuration gives. A fact is recorded with the first source given of its own and the
 * configuration's; a fact that states none, with the source the import gives it (the file's name and SHA-256).
 */
final class StatedSources {

    static final SourcesEntry NONE = new SourcesEntry(null, null, null, null, null, null, null, null, null, null);

    private final FactSource configuration;
    private final SourcesEntry sources;
    private final Map<String, FactSource> vins;
    private final Map<String, FactSource> serviceHistories;

    private StatedSources(
            FactSource configuration,
            SourcesEntry sources,
            Map<String, FactSource> vins,
            Map<String, FactSource> serviceHistories) {
        this.configuration = configuration;
        this.sources = sources;
        this.vins = vins;
        this.serviceHistories = serviceHistories;
    }

    /**
     * The sources {@code c} states, checked; {@code fromFile} is false for a vendor's answer, which vspec
     * records as that vendor's and which therefore may state none.
     */
    static StatedSources of(ConfigurationEntry c, Problems at, boolean fromFile) {
        SourcesEntry sources = c.sources() == null ? NONE : c.sources();
        if (!fromFile && (c.source() != null || c.sources() != null || statesPriceSources(c))) {
            at.report("a vendor's answer states no source; vspec records the vendor that gave it");
        }
        checked(c.source(), at.at("source"));
        Problems in = at.at("sources");
        group(sources.fluids(), c.fluids(), in.at("fluids"));
        group(sources.specs(), c.specs(), in.at("specs"));
        group(sources.tires(), c.tires(), in.at("tires"));
        group(sources.serviceSchedule(), c.serviceSchedule(), in.at("service_schedule"));
        group(sources.parts(), c.parts(), in.at("parts"));
        group(sources.labor(), c.labor(), in.at("labor"));
        group(sources.image(), c.image() == null ? null : List.of(c.image()), in.at("image"));
        keyed(
                sources.aliases(),
                c.aliases() == null ? Set.of() : Set.copyOf(c.aliases()),
                Function.identity(),
                in.at("aliases"));
        Set<String> listed = c.vins() == null
                ? Set.of()
                : Set.copyOf(c.vins().stream().map(Vin::value).toList());
        Set<String> histories = c.serviceHistory() == null
                ? Set.of()
                : Set.copyOf(c.serviceHistory().keySet().stream()
                        .map(StatedSources::vinOrKey)
                        .toList());
        return new StatedSources(
                c.source(),
                sources,
                keyed(sources.vins(), listed, StatedSources::vinOrKey, in.at("vins")),
                keyed(sources.serviceHistory(), histories, StatedSources::vinOrKey, in.at("service_history")));
    }

    /** The configuration's own registration (its identity and label). */
    FactSource configuration() {
        return configuration;
    }

    /** A data group's, by its accessor, e.g. {@code SourcesEntry::fluids}. */
    FactSource group(Function<SourcesEntry, FactSource> group) {
        return orConfiguration(group.apply(sources));
    }

    FactSource alias(String alias) {
        return orConfiguration(
                sources.aliases() == null ? null : sources.aliases().get(alias));
    }

    FactSource vin(String vin) {
        return orConfiguration(vins.get(vin));
    }

    FactSource serviceHistory(String vin) {
        return orConfiguration(serviceHistories.get(vin));
    }

    /** A price's; the caller checks the price's own {@code source} where the price stands. */
    FactSource price(ConfigurationEntry.PriceEntry price) {
        return orConfiguration(price.source());
    }

    /** The source to record a fact with: the one the file states, else the one the import gives. */
    static FactSource or(FactSource stated, FactSource given) {
        return stated != null ? stated : given;
    }

    private FactSource orConfiguration(FactSource stated) {
        return stated != null ? stated : configuration;
    }

    private static boolean statesPriceSources(ConfigurationEntry c) {
        return c.parts() != null
                && c.parts().stream()
                        .filter(part -> part != null && part.prices() != null)
                        .flatMap(part -> part.prices().stream())
                        .anyMatch(price -> price != null && price.source() != null);
    }

    static void checked(FactSource source, Problems at) {
        if (source != null) {
            CatalogRules.source(source, at);
        }
    }

    private static void group(FactSource source, Collection<?> given, Problems at) {
        if (source != null && given == null) {
            at.report("states a source of a group the configuration does not give");
        }
        checked(source, at);
    }

    /** A map of sources by alias or VIN, each naming one the configuration gives; keyed as the facts are. */
    private static Map<String, FactSource> keyed(
            Map<String, FactSource> stated, Set<String> given, Function<String, String> key, Problems at) {
        Map<String, FactSource> byKey = new HashMap<>();
        if (stated == null) {
            return byKey;
        }
        stated.forEach((name, source) -> {
            Problems here = at.at(name);
            if (source == null) {
                here.report("must be a source object");
            }
            String canonical = key.apply(name);
            if (!given.contains(canonical)) {
                here.report(name + " is not among the configuration's own; a source is stated only for one it gives");
            }
            checked(source, here);
            if (byKey.put(canonical, source) != null) {
                here.report(canonical + " has a source here already");
            }
        });
        return byKey;
    }

    /** A VIN as the catalog records it (upper case); text that is no VIN stays as it is, to be refused as unknown. */
    private static String vinOrKey(String text) {
        try {
            return Vin.parse(text).value();
        } catch (ApiException e) {
            return text;
        }
    }
}
