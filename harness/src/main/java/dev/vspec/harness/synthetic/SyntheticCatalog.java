package dev.vspec.harness.synthetic;

import dev.vspec.contracts.catalog.VinLinked;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * A large catalog of made-up vehicles for tests and benchmarks, labelled as such: make
 * {@value #MAKE}, models {@code Model 00042}, engine codes {@code SE..}, part numbers {@code SYN-..},
 * VINs with WMI {@value #WMI}, and "(synthetic data, seed N)" in every label.
 *
 * <p>It is a pure function of (seed, configurations, vins): the same arguments always give the
 * same events in the same order, and configuration {@code i} is the same in every catalog of the
 * same seed that holds it. Nothing is held in memory: {@link #aggregates()} makes each aggregate
 * when the stream reaches it. The values are consistent the way the sample catalog's are (litres
 * and quarts, kPa and psi, miles and kilometres, hp and kW, ...).
 *
 * <p>Order: every configuration (ConfigurationRegistered, FluidsRecorded, SpecsRecorded,
 * TiresRecorded, ServiceScheduleRecorded, PartsRecorded, PartPriced per price, LaborTimesRecorded),
 * then every vehicle (one VinLinked); VIN {@code j} belongs to configuration {@code j % configurations}.
 */
public final class SyntheticCatalog {

    static final String MAKE = "Synthetic";
    static final String WMI = "SYN";
    /** VIN indexes are encoded in positions 11-17. */
    static final long MAX_VINS = SyntheticVins.MAX_VINS;

    private final long seed;
    private final int configurations;
    private final long vins;

    public SyntheticCatalog(long seed, int configurations, long vins) {
        if (configurations < 0) {
            throw new IllegalArgumentException("configurations must not be negative; got " + configurations);
        }
        if (vins < 0 || vins > MAX_VINS) {
            throw new IllegalArgumentException("vins must be 0 to " + MAX_VINS + "; got " + vins);
        }
        if (vins > 0 && configurations == 0) {
            throw new IllegalArgumentException("VINs need at least one configuration to belong to");
        }
        this.seed = seed;
        this.configurations = configurations;
        this.vins = vins;
    }

    long aggregateCount() {
        return configurations + vins;
    }

    /** The config_key of configuration {@code index}, without making its data. */
    String configKey(int index) {
        return configuration(checkedConfiguration(index)).configKey();
    }

    Stream<String> configKeys() {
        return IntStream.range(0, configurations).mapToObj(this::configKey);
    }

    /** VIN {@code index}, without making its configuration's data. */
    String vin(long index) {
        return SyntheticVins.vin(checkedVin(index), configurationOfVin(index));
    }

    /** Every aggregate, configurations first, each made when the stream reaches it. */
    Stream<SyntheticAggregate> aggregates() {
        return Stream.concat(
                IntStream.range(0, configurations).mapToObj(this::configurationAggregate),
                LongStream.range(0, vins).mapToObj(this::vehicleAggregate));
    }

    /** Every event, in the order of {@link #aggregates()}. */
    Stream<Record> events() {
        return aggregates().flatMap(aggregate -> aggregate.events().stream());
    }

    SyntheticAggregate configurationAggregate(int index) {
        SyntheticConfiguration configuration = configuration(checkedConfiguration(index));
        return new SyntheticAggregate(
                SyntheticAggregate.CONFIGURATION, configuration.configKey(), configuration.events());
    }

    SyntheticAggregate vehicleAggregate(long index) {
        SyntheticConfiguration configuration = configurationOfVin(checkedVin(index));
        String vin = SyntheticVins.vin(index, configuration);
        return new SyntheticAggregate(
                SyntheticAggregate.VEHICLE,
                vin,
                List.of(new VinLinked(vin, configuration.configKey(), configuration.source())));
    }

    @Override
    public String toString() {
        return "synthetic catalog (seed " + seed + ", " + configurations + " configurations, " + vins + " VINs)";
    }

    private SyntheticConfiguration configuration(int index) {
        return SyntheticConfiguration.of(seed, index);
    }

    private SyntheticConfiguration configurationOfVin(long index) {
        return configuration((int) (index % configurations));
    }

    private int checkedConfiguration(int index) {
        if (index < 0 || index >= configurations) {
            throw new IndexOutOfBoundsException("configuration " + index + " of " + configurations);
        }
        return index;
    }

    private long checkedVin(long index) {
        if (index < 0 || index >= vins) {
            throw new IndexOutOfBoundsException("VIN " + index + " of " + vins);
        }
        return index;
    }
}
