package dev.vspec.command.catalog;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import dev.vspec.access.Sha256;
import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationCommand;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.ConfigKey;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One vehicle configuration of the catalog, identified by its config_key. It records each data
 * group as a whole and emits an event only when the content changes for the source that records it
 * ({@link PerSource}), so importing the same catalog twice leaves the event log as it was, while
 * another source's differing value is recorded too: the event log keeps every source's value and
 * the read side shows the one of highest precedence ({@link FactSource#precedence()}).
 *
 * <p>Every handler may meet a configuration that was never registered ({@code CREATE_IF_MISSING}),
 * so that such a command is refused with a readable message instead of Axon's "aggregate not found".
 *
 * <p>Over 300 lines because it is one aggregate: a command handler and an event-sourcing handler per data group.
 */
@Aggregate(commandTargetResolver = AddressedCommandTargetResolver.BEAN_NAME)
class VehicleConfiguration {

    @AggregateIdentifier
    private String configKey;

    private ConfigurationRegistered identity;
    private final PerSource<List<Fluid>> fluids = new PerSource<>();
    private final PerSource<List<SpecItem>> specs = new PerSource<>();
    private final PerSource<List<TireFitment>> tires = new PerSource<>();
    private final PerSource<List<ServiceInterval>> serviceSchedule = new PerSource<>();
    private final PerSource<List<Part>> parts = new PerSource<>();
    private final PerSource<List<LaborTime>> laborTimes = new PerSource<>();
    private final Map<PriceKey, BigDecimal> prices = new HashMap<>();
    private final PerSource<String> image = new PerSource<>();
    private final Set<String> aliases = new HashSet<>();

    VehicleConfiguration() {}

    /**
     * Registers the configuration. Repeating the same identity changes nothing, whichever source
     * repeats it; the same identity with another label corrects the label, unless the label came
     * from a source of higher precedence; another identity under the same key is refused.
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RegisterConfiguration command) {
        CatalogRules.check(command, Problems.inCommand(command.configKey()));
        ConfigurationRegistered registered = new ConfigurationRegistered(
                command.configKey(),
                command.year(),
                command.make(),
                command.model(),
                command.trim(),
                command.engineCode(),
                command.drivetrain(),
                command.label(),
                command.source());
        if (identity == null) {
            apply(registered);
            return FactChange.ADDED;
        }
        if (!sameIdentity(identity, registered)) {
            throw refusal(configKey + " is already registered as " + describe(identity)
                    + "; refusing to register it as " + describe(registered));
        }
        if (identity.label().equals(registered.label())
                || FactSource.precedenceOf(command.source()) < FactSource.precedenceOf(identity.source())) {
            return FactChange.UNCHANGED;
        }
        apply(registered);
        return FactChange.CHANGED;
    }

    /**
     * Keeps another key answering for this configuration; the same alias again changes nothing. An alias
     * is a key's shape and not the configuration's own key.
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(AliasConfigKey command) {
        requireRegistered(command);
        if (!ConfigKey.isWellFormed(command.alias()) || command.alias().equals(configKey)) {
            throw refusal(configKey + ": an alias is another config_key, not " + command.alias());
        }
        if (aliases.contains(command.alias())) {
            return FactChange.UNCHANGED;
        }
        apply(new ConfigKeyAliased(configKey, command.alias(), command.source()));
        return FactChange.ADDED;
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RecordFluids command) {
        requireRegistered(command);
        Problems.inCommand("fluids").each(command.fluids(), CatalogRules::check);
        FactChange change =
                fluids.change(command.source(), normalized(command.fluids(), VehicleConfiguration::normalized));
        if (change.recorded()) {
            apply(new FluidsRecorded(configKey, List.copyOf(command.fluids()), command.source()));
        }
        return change;
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RecordSpecs command) {
        requireRegistered(command);
        Problems.inCommand("specs").each(command.specs(), CatalogRules::check);
        FactChange change = specs.change(command.source(), command.specs());
        if (change.recorded()) {
            apply(new SpecsRecorded(configKey, List.copyOf(command.specs()), command.source()));
        }
        return change;
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RecordTires command) {
        requireRegistered(command);
        Problems.inCommand("tires").each(command.tires(), CatalogRules::check);
        FactChange change = tires.change(command.source(), command.tires());
        if (change.recorded()) {
            apply(new TiresRecorded(configKey, List.copyOf(command.tires()), command.source()));
        }
        return change;
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RecordServiceSchedule command) {
        requireRegistered(command);
        Problems.inCommand("service_schedule").each(command.intervals(), CatalogRules::check);
        FactChange change = serviceSchedule.change(command.source(), command.intervals());
        if (change.recorded()) {
            apply(new ServiceScheduleRecorded(configKey, List.copyOf(command.intervals()), command.source()));
        }
        return change;
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RecordParts command) {
        requireRegistered(command);
        Problems.inCommand("parts").each(command.parts(), CatalogRules::check);
        FactChange change = parts.change(command.source(), command.parts());
        if (change.recorded()) {
            apply(new PartsRecorded(configKey, List.copyOf(command.parts()), command.source()));
        }
        return change;
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(RecordLaborTimes command) {
        requireRegistered(command);
        Problems.inCommand("labor").each(command.laborTimes(), CatalogRules::check);
        FactChange change =
                laborTimes.change(command.source(), normalized(command.laborTimes(), VehicleConfiguration::normalized));
        if (change.recorded()) {
            apply(new LaborTimesRecorded(configKey, List.copyOf(command.laborTimes()), command.source()));
        }
        return change;
    }

    /**
     * Prices accumulate by (part, currency, date) and source; a price a source already gave is
     * repeated only when its amount changed. The part must be in a parts list some source recorded.
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(PricePart command) {
        requireRegistered(command);
        CatalogRules.price(
                command.partNumber(),
                command.amount(),
                command.currency(),
                command.asOf(),
                Problems.inCommand("price of " + command.partNumber()));
        if (parts.values().stream()
                .flatMap(List::stream)
                .noneMatch(part -> part.partNumber().equals(command.partNumber()))) {
            throw refusal("part " + command.partNumber() + " is not in the parts list of " + configKey
                    + "; record it with the parts before pricing it");
        }
        BigDecimal known = prices.get(new PriceKey(
                command.partNumber(), command.currency(), command.asOf(), PerSource.keyOf(command.source())));
        if (known != null && known.compareTo(command.amount()) == 0) {
            return FactChange.UNCHANGED;
        }
        apply(new PartPriced(
                configKey,
                command.partNumber(),
                command.amount(),
                command.currency(),
                command.asOf(),
                command.source()));
        return known == null ? FactChange.ADDED : FactChange.CHANGED;
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    FactChange handle(CacheExteriorImage command) {
        requireRegistered(command);
        Problems problems = Problems.inCommand("image");
        if (command.image() == null) {
            problems.report("image bytes are required");
        }
        CatalogRules.image(command.contentType(), command.image().length, problems);
        String sha256 = sha256(command.image());
        FactChange change = image.change(command.source(), command.contentType() + " " + sha256);
        if (change.recorded()) {
            apply(new ExteriorImageCached(
                    configKey, command.contentType(), command.image().clone(), sha256, command.source()));
        }
        return change;
    }

    @EventSourcingHandler
    void on(ConfigurationRegistered event) {
        configKey = event.configKey();
        identity = event;
    }

    @EventSourcingHandler
    void on(ConfigKeyAliased event) {
        aliases.add(event.alias());
    }

    @EventSourcingHandler
    void on(FluidsRecorded event) {
        fluids.record(event.source(), normalized(event.fluids(), VehicleConfiguration::normalized));
    }

    @EventSourcingHandler
    void on(SpecsRecorded event) {
        specs.record(event.source(), event.specs());
    }

    @EventSourcingHandler
    void on(TiresRecorded event) {
        tires.record(event.source(), event.tires());
    }

    @EventSourcingHandler
    void on(ServiceScheduleRecorded event) {
        serviceSchedule.record(event.source(), event.intervals());
    }

    @EventSourcingHandler
    void on(PartsRecorded event) {
        parts.record(event.source(), event.parts());
    }

    @EventSourcingHandler
    void on(LaborTimesRecorded event) {
        laborTimes.record(event.source(), normalized(event.laborTimes(), VehicleConfiguration::normalized));
    }

    @EventSourcingHandler
    void on(PartPriced event) {
        prices.put(
                new PriceKey(event.partNumber(), event.currency(), event.asOf(), PerSource.keyOf(event.source())),
                event.amount());
    }

    @EventSourcingHandler
    void on(ExteriorImageCached event) {
        image.record(event.source(), event.contentType() + " " + event.sha256());
    }

    private void requireRegistered(ConfigurationCommand command) {
        if (identity == null) {
            throw new ApiException(
                    ErrorCode.NOT_FOUND,
                    "configuration " + command.configKey()
                            + " is not registered; register it before recording its data");
        }
    }

    private static ApiException refusal(String message) {
        return new ApiException(ErrorCode.INVALID_PARAM, message);
    }

    private static <T> List<T> normalized(List<T> items, UnaryOperator<T> normalizer) {
        return items.stream().map(normalizer).toList();
    }

    /** 4.2 and 4.20 litres are the same capacity; only the number counts, not how it was written. */
    private static Fluid normalized(Fluid f) {
        return new Fluid(
                f.type(), f.specification(), stripped(f.capacityLitres()), stripped(f.capacityUsQuarts()), f.notes());
    }

    private static LaborTime normalized(LaborTime l) {
        return new LaborTime(l.operation(), l.description(), stripped(l.hours()));
    }

    private static BigDecimal stripped(BigDecimal value) {
        return value == null ? null : value.stripTrailingZeros();
    }

    /** The same vehicle however a source wrote it (see {@link ConfigKey#sameSlug}). */
    private static boolean sameIdentity(ConfigurationRegistered a, ConfigurationRegistered b) {
        return a.year() == b.year()
                && ConfigKey.sameSlug(a.make(), b.make())
                && ConfigKey.sameSlug(a.model(), b.model())
                && ConfigKey.sameSlug(a.trim(), b.trim())
                && ConfigKey.sameSlug(a.engineCode(), b.engineCode())
                && ConfigKey.sameSlug(a.drivetrain(), b.drivetrain());
    }

    private static String describe(ConfigurationRegistered c) {
        return c.year() + " " + c.make() + " " + c.model() + " " + c.trim() + " " + c.engineCode()
                + (c.drivetrain() == null ? "" : " " + c.drivetrain());
    }

    static String sha256(byte[] bytes) {
        return Sha256.hex(bytes);
    }

    private record PriceKey(String partNumber, String currency, LocalDate asOf, String source) {}
}
