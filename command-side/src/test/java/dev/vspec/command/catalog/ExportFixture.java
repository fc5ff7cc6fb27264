package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.AliasConfigKey;
import dev.vspec.contracts.catalog.CacheExteriorImage;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTime;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.PricePart;
import dev.vspec.contracts.catalog.RecordFluids;
import dev.vspec.contracts.catalog.RecordLaborTimes;
import dev.vspec.contracts.catalog.RecordParts;
import dev.vspec.contracts.catalog.RecordServiceHistory;
import dev.vspec.contracts.catalog.RecordServiceSchedule;
import dev.vspec.contracts.catalog.RecordSpecs;
import dev.vspec.contracts.catalog.RecordTires;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceInterval;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TireFitment;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;

/** A configuration several sources recorded, each kind of fact among them, as the export folds it. */
final class ExportFixture {

    static final String KEY = "2019-honda-civic-lx-k20c2-fwd";
    static final String VIN = "19XFC2F59KE900101";
    static final FactSource IMPORT = FactSource.importFile("catalog.json", "a".repeat(64));
    static final FactSource DEALER = FactSource.importFile("dealer.json", "c".repeat(64));
    static final FactSource VPIC = FactSource.vpic("2026-02-17", "b".repeat(64));
    static final FactSource ACME = FactSource.vendor("Acme Parts", 120);
    static final FactSource ZENITH = FactSource.vendor("Zenith Data", 80);

    static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13};

    private ExportFixture() {}

    /** A configuration several sources recorded, in the order they recorded it. */
    static HeldConfiguration civic() {
        HeldConfiguration.Folding folding = new HeldConfiguration.Folding();
        Stream.of(
                        new ConfigurationRegistered(
                                KEY, 2019, "HONDA", "Civic", "LX", "K20C2", "FWD", "2019 HONDA Civic", VPIC),
                        new ConfigurationRegistered(
                                KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L", IMPORT),
                        new ConfigKeyAliased(KEY, "2019-honda-civic-lx-k20c2", VPIC),
                        new SpecsRecorded(KEY, List.of(new SpecItem("engine", "displacement", "2.0", "L")), IMPORT),
                        new SpecsRecorded(KEY, List.of(new SpecItem("engine", "displacement", "1.996", "L")), VPIC),
                        new FluidsRecorded(KEY, List.of(fluid("4.4")), ACME),
                        new FluidsRecorded(KEY, List.of(fluid("4.20")), ZENITH),
                        new TiresRecorded(KEY, List.of(new TireFitment("both", "215/55R16", 93, "H", 220, 32)), IMPORT),
                        new ServiceScheduleRecorded(
                                KEY,
                                List.of(new ServiceInterval(
                                        "normal", "engine_oil_change", "Replace oil", 7500, null, 12)),
                                ACME),
                        new LaborTimesRecorded(
                                KEY,
                                List.of(new LaborTime("engine_oil_change", "Replace oil", new BigDecimal("0.50"))),
                                IMPORT),
                        new PartsRecorded(
                                KEY,
                                List.of(new Part("15400-PLM-A02", "Oil filter", "filter", "Honda", 1, null)),
                                IMPORT),
                        new PartPriced(
                                KEY, "15400-PLM-A02", new BigDecimal("10.20"), "USD", LocalDate.of(2026, 10, 1), ACME),
                        new PartPriced(
                                KEY, "15400-PLM-A02", new BigDecimal("9.86"), "USD", LocalDate.of(2026, 9, 1), DEALER),
                        new PartPriced(
                                KEY, "15400-PLM-A02", new BigDecimal("9.50"), "USD", LocalDate.of(2026, 9, 1), VPIC),
                        new ExteriorImageCached(KEY, "image/png", PNG, "d".repeat(64), VPIC))
                .forEach(folding::apply);
        HeldConfiguration.VinFolding vin = new HeldConfiguration.VinFolding();
        vin.apply(new VinLinked(VIN, KEY, DEALER));
        vin.apply(new ServiceHistoryRecorded(
                VIN,
                List.of(new ServiceRecord(
                        LocalDate.of(2020, 8, 30), 15020, null, "dealer", List.of("engine_oil_change"))),
                ACME));
        return folding.held(List.of(vin.held()));
    }

    /** The commands that record again what {@link #civic()} holds, each fact with its source, as an import sends them. */
    static List<CatalogCommand> civicCommands() {
        HeldConfiguration held = civic();
        return List.of(
                new RegisterConfiguration(
                        KEY, 2019, "Honda", "Civic", "LX", "K20C2", "FWD", "2019 Honda Civic LX 2.0L", IMPORT),
                new AliasConfigKey(KEY, "2019-honda-civic-lx-k20c2", VPIC),
                new RecordFluids(KEY, held.fluids().fluids(), ZENITH),
                new RecordSpecs(KEY, held.specs().specs(), IMPORT),
                new RecordTires(KEY, held.tires().tires(), IMPORT),
                new RecordServiceSchedule(KEY, held.serviceSchedule().intervals(), ACME),
                new RecordLaborTimes(KEY, held.labor().laborTimes(), IMPORT),
                new RecordParts(KEY, held.parts().parts(), IMPORT),
                new PricePart(KEY, "15400-PLM-A02", new BigDecimal("9.86"), "USD", LocalDate.of(2026, 9, 1), DEALER),
                new PricePart(KEY, "15400-PLM-A02", new BigDecimal("10.20"), "USD", LocalDate.of(2026, 10, 1), ACME),
                new CacheExteriorImage(KEY, "image/png", PNG, VPIC),
                new LinkVin(VIN, KEY, DEALER),
                new RecordServiceHistory(
                        VIN, held.vins().get(0).serviceHistory().records(), ACME));
    }

    private static Fluid fluid(String litres) {
        return new Fluid("engine_oil", "API SP 0W-20", new BigDecimal(litres), new BigDecimal("4.4"), null);
    }
}
