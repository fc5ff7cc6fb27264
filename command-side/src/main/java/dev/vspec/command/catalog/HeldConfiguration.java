package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What the catalog holds of one configuration, as its answers show it: of its registration, each data group,
 * image, alias and dated price, and of each VIN linked to it, the fact of the source of highest precedence,
 * between equals the later ({@link FactSource#replaces}), as the projections choose them. Each is the event
 * that recorded it, source included. A group no source recorded is null; prices are ordered by part number,
 * currency and date, aliases and VINs by their text.
 */
record HeldConfiguration(
        ConfigurationRegistered registration,
        FluidsRecorded fluids,
        SpecsRecorded specs,
        TiresRecorded tires,
        ServiceScheduleRecorded serviceSchedule,
        PartsRecorded parts,
        LaborTimesRecorded labor,
        ExteriorImageCached image,
        List<PartPriced> prices,
        List<ConfigKeyAliased> aliases,
        List<HeldVin> vins) {

    /** A VIN built as the configuration, with its service history (null when none was recorded). */
    record HeldVin(VinLinked link, ServiceHistoryRecorded serviceHistory) {

        String vin() {
            return link.vin();
        }
    }

    String configKey() {
        return registration.configKey();
    }

    /** The configuration's events, applied in the order they were stored. */
    static final class Folding {

        private static final Comparator<PriceKey> PRICE_ORDER = Comparator.comparing(PriceKey::partNumber)
                .thenComparing(PriceKey::currency)
                .thenComparing(PriceKey::asOf);

        private ConfigurationRegistered registration;
        private FluidsRecorded fluids;
        private SpecsRecorded specs;
        private TiresRecorded tires;
        private ServiceScheduleRecorded serviceSchedule;
        private PartsRecorded parts;
        private LaborTimesRecorded labor;
        private ExteriorImageCached image;
        private final Map<PriceKey, PartPriced> prices = new TreeMap<>(PRICE_ORDER);
        private final Map<String, ConfigKeyAliased> aliases = new TreeMap<>();

        /**
         * @throws IllegalArgumentException for an event a configuration does not record (a later version's)
         */
        void apply(Object event) {
            if (event instanceof ConfigurationRegistered e) {
                registration = winner(registration, e, ConfigurationRegistered::source);
            } else if (event instanceof FluidsRecorded e) {
                fluids = winner(fluids, e, FluidsRecorded::source);
            } else if (event instanceof SpecsRecorded e) {
                specs = winner(specs, e, SpecsRecorded::source);
            } else if (event instanceof TiresRecorded e) {
                tires = winner(tires, e, TiresRecorded::source);
            } else if (event instanceof ServiceScheduleRecorded e) {
                serviceSchedule = winner(serviceSchedule, e, ServiceScheduleRecorded::source);
            } else if (event instanceof PartsRecorded e) {
                parts = winner(parts, e, PartsRecorded::source);
            } else if (event instanceof LaborTimesRecorded e) {
                labor = winner(labor, e, LaborTimesRecorded::source);
            } else if (event instanceof ExteriorImageCached e) {
                image = winner(image, e, ExteriorImageCached::source);
            } else if (event instanceof PartPriced e) {
                prices.merge(PriceKey.of(e), e, (earlier, later) -> winner(earlier, later, PartPriced::source));
            } else if (event instanceof ConfigKeyAliased e) {
                aliases.merge(e.alias(), e, (earlier, later) -> winner(earlier, later, ConfigKeyAliased::source));
            } else {
                throw new IllegalArgumentException(
                        "a configuration records no " + event.getClass().getSimpleName());
            }
        }

        /**
         * The configuration with these VINs; null when its events held no registration (a command refused
         * before it was registered stores nothing, so only a damaged store shows one).
         */
        HeldConfiguration held(List<HeldVin> vins) {
            if (registration == null) {
                return null;
            }
            return new HeldConfiguration(
                    registration,
                    fluids,
                    specs,
                    tires,
                    serviceSchedule,
                    parts,
                    labor,
                    image,
                    List.copyOf(prices.values()),
                    List.copyOf(aliases.values()),
                    List.copyOf(vins));
        }
    }

    /** A VIN's events, applied in the order they were stored. */
    static final class VinFolding {

        private VinLinked link;
        private ServiceHistoryRecorded serviceHistory;

        void apply(Object event) {
            if (event instanceof VinLinked e) {
                link = winner(link, e, VinLinked::source);
            } else if (event instanceof ServiceHistoryRecorded e) {
                serviceHistory = winner(serviceHistory, e, ServiceHistoryRecorded::source);
            } else {
                throw new IllegalArgumentException(
                        "a VIN records no " + event.getClass().getSimpleName());
            }
        }

        /** The VIN, or null when no link was recorded for it. */
        HeldVin held() {
            return link == null ? null : new HeldVin(link, serviceHistory);
        }
    }

    private static <E> E winner(E earlier, E later, Function<E, FactSource> source) {
        return earlier == null || FactSource.replaces(source.apply(later), source.apply(earlier)) ? later : earlier;
    }

    private record PriceKey(String partNumber, String currency, LocalDate asOf) {

        static PriceKey of(PartPriced price) {
            return new PriceKey(price.partNumber(), price.currency(), price.asOf());
        }
    }

    /** The prices of one part number, in their order (currency, then date). */
    List<PartPriced> pricesOf(String partNumber) {
        List<PartPriced> of = new ArrayList<>();
        for (PartPriced price : prices) {
            if (price.partNumber().equals(partNumber)) {
                of.add(price);
            }
        }
        return of;
    }
}
