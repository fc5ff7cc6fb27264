package dev.vspec.contracts.catalog;

import dev.vspec.contracts.decoding.VpicReleaseInstalled;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.recalls.RecallRecorded;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every event type of the published language, by the name that travels in the Kafka envelope: the
 * catalog's events, the progress of enrichment jobs and the vPIC releases VIN decoding uses. The
 * enrichment allowances' bookkeeping (runs granted and given back) stays in the event store.
 */
public final class PublishedEvents {

    public static final List<Class<? extends Record>> TYPES = List.of(
            ConfigurationRegistered.class,
            ConfigKeyAliased.class,
            FluidsRecorded.class,
            SpecsRecorded.class,
            TiresRecorded.class,
            ServiceScheduleRecorded.class,
            PartsRecorded.class,
            PartPriced.class,
            LaborTimesRecorded.class,
            ExteriorImageCached.class,
            VinLinked.class,
            ServiceHistoryRecorded.class,
            EnrichmentScheduled.class,
            EnrichmentJoined.class,
            EnrichmentStepCompleted.class,
            EnrichmentCompleted.class,
            EnrichmentFailed.class,
            VpicReleaseInstalled.class,
            RecallRecorded.class,
            EpaEntryRecorded.class);

    private static final Map<String, Class<? extends Record>> BY_NAME =
            TYPES.stream().collect(Collectors.toUnmodifiableMap(Class::getSimpleName, Function.identity()));
    private static final Set<Class<?>> PUBLISHED = Set.copyOf(TYPES);

    private PublishedEvents() {}

    /** The envelope name of an event type: its simple class name. */
    public static String nameOf(Class<?> type) {
        return type.getSimpleName();
    }

    /** Whether events of this type go on the topic: not so for the store's own bookkeeping, nor for a namesake. */
    public static boolean isPublished(Class<?> type) {
        return PUBLISHED.contains(type);
    }

    /** The event type of an envelope name, or null when this version does not know it. */
    public static Class<? extends Record> typeNamed(String name) {
        return BY_NAME.get(name);
    }
}
