package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.Wmi;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The configurations NHTSA's rules can identify in a vPIC release, for some model years, makes and vehicle
 * types, found by decoding representative VINs: for each public WMI of those makes and types, each VIN
 * schema linked to it for the year, each Model pattern key, combined with each compatible Trim or Series
 * key, engine key (engine model, displacement, cylinders, configuration, fuel) and Drive Type key, and with
 * none of them, one concrete VIN satisfying them all ({@link VinTemplate}). Each VIN is decoded by
 * {@link VinDecoder} as any other, and its {@link CatalogIdentity} kept when the decode tells model and
 * engine code, is of the year asked for and of a make asked for. The first VIN of each {@code config_key}
 * is handed on; nothing is random, so the same release, clock and request give the same VINs in the same
 * order.
 *
 * <p>The combinations of one Model key are bounded by {@link #MAX_VINS_PER_MODEL_KEY}: a large truck
 * schema's keys would otherwise multiply into millions of VINs, mostly naming the same configurations.
 */
public final class ConfigurationEnumerator {

    public static final int MAX_VINS_PER_MODEL_KEY = 400;

    private final VinDecoder decoder;
    private final Clock clock;
    private final int maxVinsPerModelKey;

    public ConfigurationEnumerator(VinDecoder decoder, Clock clock) {
        this(decoder, clock, MAX_VINS_PER_MODEL_KEY);
    }

    ConfigurationEnumerator(VinDecoder decoder, Clock clock, int maxVinsPerModelKey) {
        this.decoder = decoder;
        this.clock = clock;
        this.maxVinsPerModelKey = maxVinsPerModelKey;
    }

    /**
     * What to enumerate.
     *
     * @param makes vPIC make names, compared case-blind; empty for every make
     */
    public record Request(int fromYear, int toYear, Set<String> makes, Set<VehicleType> vehicleTypes) {

        public Request {
            makes = makes.stream()
                    .map(make -> make.strip().toUpperCase(Locale.ROOT))
                    .collect(Collectors.toUnmodifiableSet());
            vehicleTypes = Set.copyOf(vehicleTypes);
            if (fromYear > toYear) {
                throw new IllegalArgumentException("the years run from " + fromYear + " back to " + toYear
                        + "; write the earlier year first (" + toYear + "-" + fromYear + ")");
            }
            if (vehicleTypes.isEmpty()) {
                throw new IllegalArgumentException("no vehicle type; the types are " + VehicleType.names());
            }
        }
    }

    /** A configuration found: the first VIN that names it, its decode and its identity. */
    public record Found(String vin, VinDecoding decoding, CatalogIdentity identity) {}

    /**
     * What an enumeration did.
     *
     * @param wmis              WMIs of the makes and types asked for, with schemas for some of the years
     * @param vinsDecoded       distinct VINs built and decoded
     * @param withoutModel      decodes that told no model (or another model year)
     * @param withoutEngineCode decodes that told the model but no engine code resolved
     * @param otherMake         decodes of a make not asked for (a WMI several makes share)
     * @param configurations    distinct {@code config_key}s found
     * @param cappedModelKeys   Model keys whose combinations were cut at the bound
     */
    public record Summary(
            int wmis,
            long vinsDecoded,
            long withoutModel,
            long withoutEngineCode,
            long otherMake,
            int configurations,
            int cappedModelKeys,
            Duration elapsed) {}

    /** Progress, after each WMI. */
    public interface Progress {
        void wmiDone(int done, int total, int configurations);
    }

    /** The earliest and latest model years a VIN can name now: 1981 (the 17-character VIN) to next year's next. */
    public static int[] yearRange(Clock clock) {
        return new int[] {
            ModelYears.FIRST_YEAR + 1, clock.instant().atZone(ZoneOffset.UTC).getYear() + ModelYears.YEARS_AHEAD
        };
    }

    /** @throws IllegalArgumentException when a year of the request lies outside {@link #yearRange} */
    public static void checkYears(Request request, Clock clock) {
        int[] range = yearRange(clock);
        if (request.fromYear() < range[0] || request.toYear() > range[1]) {
            throw new IllegalArgumentException("model years run from " + range[0] + " to " + range[1] + "; got "
                    + request.fromYear() + "-" + request.toYear());
        }
    }

    /** The make names (upper case) of the public WMIs of these vehicle types, for telling an operator which exist. */
    public Set<String> makes(Set<VehicleType> vehicleTypes) {
        Set<String> names = new TreeSet<>();
        for (Wmi wmi : wmis(vehicleTypes)) {
            wmi.makes().forEach(make -> names.add(make.strip().toUpperCase(Locale.ROOT)));
        }
        return names;
    }

    /**
     * Enumerates, handing each configuration's first VIN to {@code found} as it is found.
     *
     * @throws IllegalArgumentException when a year lies outside {@link #yearRange}
     */
    public Summary enumerate(Request request, Consumer<Found> found, Progress progress) {
        checkYears(request, clock);
        long started = System.nanoTime();
        List<Wmi> wmis = wmis(request.vehicleTypes()).stream()
                .filter(wmi -> request.makes().isEmpty()
                        || wmi.makes().stream()
                                .anyMatch(make ->
                                        request.makes().contains(make.strip().toUpperCase(Locale.ROOT))))
                .filter(wmi -> wmi.links().stream()
                        .anyMatch(link -> link.yearFrom() <= request.toYear()
                                && (link.yearTo() == null || link.yearTo() >= request.fromYear())))
                .toList();
        EnumerationRun run = new EnumerationRun(decoder, maxVinsPerModelKey, request, found);
        for (int i = 0; i < wmis.size(); i++) {
            for (int year = request.fromYear(); year <= request.toYear(); year++) {
                run.wmiYear(wmis.get(i), year);
            }
            progress.wmiDone(i + 1, wmis.size(), run.configurations());
        }
        return run.summary(wmis.size(), Duration.ofNanos(System.nanoTime() - started));
    }

    private List<Wmi> wmis(Set<VehicleType> vehicleTypes) {
        Set<Integer> typeIds = new HashSet<>();
        vehicleTypes.forEach(type -> typeIds.add(type.vpicId()));
        long now = ChronoUnit.MICROS.between(Instant.EPOCH, clock.instant());
        return decoder.index().wmis().stream()
                .filter(wmi -> wmi.vehicleTypeId() != null && typeIds.contains(wmi.vehicleTypeId()))
                .filter(wmi -> wmi.publicFrom() <= now)
                .filter(wmi -> wmi.code().length() == 3
                        || (wmi.code().length() == 6 && wmi.code().charAt(2) == '9'))
                .filter(wmi -> wmi.code().chars().allMatch(c -> PatternKey.isVinCharacter((char) c)))
                .sorted(Comparator.comparing(Wmi::code))
                .toList();
    }
}
