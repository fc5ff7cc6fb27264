package dev.vspec.contracts.epa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.epa.EpaMatching.Outcome;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The matching rule over real entries of the EPA's file (the samples' 2018 Accords, F-150s, Mustangs and Teslas). */
class EpaMatchingTest {

    private static final String FWD = "Front-Wheel Drive";
    private static final String CVT = "Automatic (variable gear ratios)";

    private static final List<EpaEntry> ACCORDS_2018 = List.of(
            entry(39594, 2018, "Honda", "Accord", "Accord", "1.5", 4, FWD, "Manual 6-spd", null, 26, 35, 30),
            entry(39595, 2018, "Honda", "Accord", "Accord", "1.5", 4, FWD, CVT, null, 30, 38, 33),
            entry(39596, 2018, "Honda", "Accord", "Accord", "1.5", 4, FWD, "Automatic (AV-S7)", null, 29, 35, 31),
            entry(
                    39751,
                    2018,
                    "Honda",
                    "Accord 2.0T Sport/Touring",
                    "Accord",
                    "2.0",
                    4,
                    FWD,
                    "Automatic 10-spd",
                    null,
                    22,
                    32,
                    26),
            entry(39754, 2018, "Honda", "Accord", "Accord", "2.0", 4, FWD, "Manual 6-spd", null, 22, 32, 26),
            entry(39755, 2018, "Honda", "Accord", "Accord", "2.0", 4, FWD, "Automatic 10-spd", null, 23, 34, 27),
            entry(39918, 2018, "Honda", "Accord Hybrid", "Accord", "2.0", 4, FWD, CVT, "Hybrid", 47, 47, 47));

    @Test
    void aTrimTheEpaNamesPicksItsOneEntryAmongTheSameEngines() {
        EpaMatching.Match match = EpaMatching.match(accord("Sport", "2.0", null), ACCORDS_2018);

        assertThat(ids(match)).containsExactly(39751);
        assertThat(match.outcome()).isEqualTo(Outcome.ONE);
    }

    @Test
    void aTrimTheEpaDoesNotNameLeavesEveryEntryOfItsEngineButTheHybrid() {
        EpaMatching.Match match = EpaMatching.match(accord("EX", "1.5", null), ACCORDS_2018);

        assertThat(ids(match)).containsExactly(39594, 39595, 39596);
        assertThat(match.outcome()).isEqualTo(Outcome.SEVERAL);
        assertThat(ids(EpaMatching.match(accord("EX-L", "2.0", null), ACCORDS_2018)))
                .containsExactly(39751, 39754, 39755);
    }

    @Test
    void anElectrifiedSubjectMeetsTheHybrid() {
        assertThat(ids(EpaMatching.match(accord("Touring", "2.0", "Strong HEV"), ACCORDS_2018)))
                .containsExactly(39918);
    }

    @Test
    void anotherDisplacementYearOrMakeMeetsNothing() {
        assertThat(EpaMatching.match(accord("EX", "2.4", null), ACCORDS_2018).outcome())
                .isEqualTo(Outcome.NONE);
        assertThat(EpaMatching.match(
                                new EpaSubject(2019, "HONDA", "ACCORD", "EX", new BigDecimal("1.5"), 4, "FWD", null),
                                ACCORDS_2018)
                        .outcome())
                .isEqualTo(Outcome.NONE);
        assertThat(EpaMatching.match(
                                new EpaSubject(2018, "Acura", "Accord", "EX", new BigDecimal("1.5"), 4, "FWD", null),
                                ACCORDS_2018)
                        .outcome())
                .isEqualTo(Outcome.NONE);
    }

    @Test
    void modelTextWithDriveAndBodyWordsMeetsTheModelAndTheDriveNarrowsIt() {
        List<EpaEntry> f150s = List.of(
                entry(
                        41015,
                        2019,
                        "Ford",
                        "F150 Pickup 2WD",
                        null,
                        "2.7",
                        6,
                        "Rear-Wheel Drive",
                        "Automatic (S10)",
                        null,
                        20,
                        26,
                        22),
                entry(
                        41028,
                        2019,
                        "Ford",
                        "F150 Pickup 4WD",
                        null,
                        "2.7",
                        6,
                        "Part-time 4-Wheel Drive",
                        "Automatic (S10)",
                        null,
                        19,
                        24,
                        21));

        EpaSubject f150 = new EpaSubject(2019, "FORD", "F-150", "XLT", new BigDecimal("2.7"), 6, "4WD", null);

        assertThat(ids(EpaMatching.match(f150, f150s))).containsExactly(41028);
    }

    @Test
    void aBaseModelThatNamesALongerModelIsAnotherModel() {
        List<EpaEntry> mustangs = List.of(
                entry(
                        46343,
                        2023,
                        "Ford",
                        "Mustang",
                        "Mustang",
                        "2.3",
                        4,
                        "Rear-Wheel Drive",
                        "Automatic (S10)",
                        null,
                        21,
                        31,
                        24),
                entry(
                        46517,
                        2023,
                        "Ford",
                        "Mustang Mach-E RWD",
                        "Mustang Mach-E",
                        null,
                        null,
                        "Rear-Wheel Drive",
                        "Automatic (A1)",
                        "EV",
                        110,
                        96,
                        103));

        assertThat(ids(EpaMatching.match(
                        new EpaSubject(2023, "FORD", "Mustang", null, null, null, "RWD", null), mustangs)))
                .containsExactly(46343);
        assertThat(ids(EpaMatching.match(
                        new EpaSubject(2023, "FORD", "Mustang Mach-E", null, null, null, "RWD", "BEV"), mustangs)))
                .containsExactly(46517);
    }

    @Test
    void anElectricVehicleWithoutDisplacementMeetsItsModelByLeadingWords() {
        List<EpaEntry> teslas = List.of(
                entry(
                        43401,
                        2021,
                        "Tesla",
                        "Model 3 Long Range AWD",
                        "Model 3",
                        null,
                        null,
                        "All-Wheel Drive",
                        "Automatic (A1)",
                        "EV",
                        141,
                        127,
                        134),
                entry(
                        43402,
                        2021,
                        "Tesla",
                        "Model 3 Performance AWD",
                        "Model 3",
                        null,
                        null,
                        "All-Wheel Drive",
                        "Automatic (A1)",
                        "EV",
                        118,
                        107,
                        113));

        EpaMatching.Match performance = EpaMatching.match(
                new EpaSubject(2021, "TESLA", "Model 3", "Performance", null, null, "AWD", "BEV"), teslas);
        EpaMatching.Match withDisplacement = EpaMatching.match(
                new EpaSubject(2021, "TESLA", "Model 3", null, new BigDecimal("2.0"), 4, "AWD", null), teslas);

        assertThat(ids(performance)).containsExactly(43402);
        assertThat(withDisplacement.outcome()).isEqualTo(Outcome.NONE);
    }

    @Test
    void severalEntriesGiveOnlyTheFactsTheyAgreeOnAndAllTheirIds() {
        List<SpecItem> agreed = EpaFacts.agreedBy(
                EpaMatching.match(accord("EX", "1.5", null), ACCORDS_2018).entries());

        assertThat(agreed)
                .contains(
                        new SpecItem("drivetrain", "drive_type", FWD, null),
                        new SpecItem("fuel", "fuel_type", "Regular Gasoline", null),
                        new SpecItem("reference", "epa_id", "39594, 39595, 39596", null))
                .noneMatch(line ->
                        line.section().equals("transmission") || line.section().equals("fuel_economy"));
    }

    @Test
    void oneEntryGivesEveryFactItStates() {
        List<SpecItem> facts = EpaFacts.agreedBy(List.of(ACCORDS_2018.get(3)));

        assertThat(facts)
                .containsExactly(
                        new SpecItem("transmission", "type", "Automatic 10-spd", null),
                        new SpecItem("drivetrain", "drive_type", FWD, null),
                        new SpecItem("fuel", "fuel_type", "Regular Gasoline", null),
                        new SpecItem("fuel_economy", "city", "22", "mpg"),
                        new SpecItem("fuel_economy", "highway", "32", "mpg"),
                        new SpecItem("fuel_economy", "combined", "26", "mpg"),
                        new SpecItem("body", "epa_class", "Large Cars", null),
                        new SpecItem("reference", "epa_id", "39751", null));
    }

    @Test
    void anElectricVehiclesFiguresAreMpge() {
        List<SpecItem> facts = EpaFacts.of(new EpaVehicle(
                2021,
                "Tesla",
                "Model 3 Performance AWD",
                "Model 3",
                null,
                null,
                "All-Wheel Drive",
                "Automatic (A1)",
                null,
                "Midsize Cars",
                "Electricity",
                null,
                "EV",
                118,
                107,
                113,
                null,
                null,
                null,
                0,
                315,
                null,
                null,
                null,
                null,
                null));

        assertThat(facts)
                .contains(
                        new SpecItem("fuel_economy", "combined", "113", "MPGe"),
                        new SpecItem("electric", "range", "315", "mi"),
                        new SpecItem("emissions", "co2_tailpipe", "0", "g/mi"));
    }

    @Test
    void drivesAgreeAsTheEpaWritesThem() {
        assertThat(EpaMatching.drivesAgree("AWD", "4-Wheel or All-Wheel Drive")).isTrue();
        assertThat(EpaMatching.drivesAgree("4WD", "4-Wheel or All-Wheel Drive")).isTrue();
        assertThat(EpaMatching.drivesAgree("4X4", "Part-time 4-Wheel Drive")).isTrue();
        assertThat(EpaMatching.drivesAgree("FWD", "All-Wheel Drive")).isFalse();
        assertThat(EpaMatching.drivesAgree("4X2", "Rear-Wheel Drive")).isTrue();
        assertThat(EpaMatching.drivesAgree("RWD", "Front-Wheel Drive")).isFalse();
    }

    @Test
    void aModelsEnginesAreItsDistinctDisplacementsCylindersAndFuelsHybridsIncluded() {
        List<EpaEngines.Engine> engines =
                EpaEngines.of(new EpaSubject(2018, "HONDA", "Accord", null, null, null, "FWD", null), ACCORDS_2018);

        assertThat(engines)
                .extracting(EpaEngines.Engine::describedAs)
                .containsExactly("1.5 L, 4 cylinders, gasoline", "2.0 L, 4 cylinders, gasoline");
        assertThat(engines.get(1).epaIds()).containsExactly(39751, 39754, 39755, 39918);
    }

    private static EpaSubject accord(String trim, String displacement, String electrification) {
        return new EpaSubject(2018, "HONDA", "Accord", trim, new BigDecimal(displacement), 4, "FWD", electrification);
    }

    private static List<Integer> ids(EpaMatching.Match match) {
        return match.entries().stream().map(EpaEntry::epaId).toList();
    }

    private static EpaEntry entry(
            int id,
            int year,
            String make,
            String model,
            String baseModel,
            String displacement,
            Integer cylinders,
            String drive,
            String transmission,
            String atvType,
            int city,
            int highway,
            int combined) {
        return new EpaEntry(
                id,
                new EpaVehicle(
                        year,
                        make,
                        model,
                        baseModel,
                        displacement == null ? null : new BigDecimal(displacement),
                        cylinders,
                        drive,
                        transmission,
                        null,
                        "Large Cars",
                        "Regular Gasoline",
                        null,
                        atvType,
                        city,
                        highway,
                        combined,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        LocalDate.of(2019, 3, 13)));
    }
}
