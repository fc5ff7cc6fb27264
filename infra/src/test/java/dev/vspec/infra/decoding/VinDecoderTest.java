package dev.vspec.infra.decoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.infra.decoding.VdsPatterns.VdsPattern;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class VinDecoderTest {

    /** Decodes as if today were mid-2026, so "a model year not built yet" does not move with the calendar. */
    private static final Clock MID_2026 = Clock.fixed(Instant.parse("2026-06-15T00:00:00Z"), ZoneOffset.UTC);
    private static final VinDecoder DECODER = new VinDecoder(
            WmiTable.load(VinDecoder.WMI_RESOURCE), VdsPatterns.load(VinDecoder.VDS_RESOURCE), MID_2026);

    private static VinDecoding decode(String vin) {
        return DECODER.decode(Vin.parse(vin));
    }

    /** The VIN with whatever stands in position 9 replaced by the correct check digit. */
    private static String withCheckDigit(String vin) {
        return Vin.parse(vin).withCorrectCheckDigit().value();
    }

    private static List<String> warningCodes(VinDecoding decoding) {
        return decoding.warnings().stream().map(DecodeWarning::code).toList();
    }

    @Test
    void theRegulationsWorkedExampleHasCheckDigit4() {
        assertThat(Vin.checkDigitOf("1G4AH59H?5G118341")).isEqualTo('4');

        VinDecoding decoding = decode("1G4AH59H45G118341");

        assertThat(decoding.checkDigit()).isEqualTo(new VinDecoding.CheckDigit(true, "4", null));
        assertThat(decoding.make()).isEqualTo("Buick");
        assertThat(decoding.modelYear()).isEqualTo(2005);
        assertThat(decoding.plantCode()).isEqualTo("G");
        assertThat(decoding.serial()).isEqualTo("118341");
    }

    @Test
    void aRemainderOfTenIsCheckDigitX() {
        // The worked example of the check-digit literature: 351 mod 11 = 10.
        assertThat(decode("1M8GDM9AXKP042788").checkDigit()).isEqualTo(new VinDecoding.CheckDigit(true, "X", null));
        assertThat(decode("11111111111111111").checkDigit().valid()).isTrue();
    }

    @Test
    void splitsTheVinIntoItsSections() {
        VinDecoding decoding = decode("1HGCM82633A004352");

        assertThat(decoding.wmi()).isEqualTo("1HG");
        assertThat(decoding.vds()).isEqualTo("CM826");
        assertThat(decoding.vis()).isEqualTo("3A004352");
        assertThat(decoding.plantCode()).isEqualTo("A");
        assertThat(decoding.serial()).isEqualTo("004352");
        assertThat(decoding.manufacturer()).isEqualTo("Honda of America Mfg.");
        assertThat(decoding.vehicleType()).isEqualTo("passenger_car");
    }

    /** Widely published VINs whose decodes are well known (make, model year, plant code, WMI country). */
    @ParameterizedTest(name = "{0}: {1} {2} {3}")
    @CsvSource({
            "1HGCM82633A004352, Honda,     2003, A, United States, 2003 Honda Accord (Marysville)",
            "JH4KA7561PC008269, Acura,     1993, C, Japan,         1993 Acura Legend",
            "19UUA56602A801534, Acura,     2002, A, United States, 2002 Acura TL (Marysville)",
            "2HNYD28809H002590, Acura,     2009, H, Canada,        2009 Acura MDX (Alliston)",
            "5GZCZ43D13S812715, Saturn,    2003, S, United States, 2003 Saturn VUE (Spring Hill)",
            "1GNEK13ZX3R298984, Chevrolet, 2003, R, United States, 2003 Chevrolet Tahoe (Arlington)",
            "1FTFW1CT5DFC10312, Ford,      2013, F, United States, 2013 Ford F-150 (Dearborn)",
            "5YJSA1DG9DFP14705, Tesla,     2013, F, United States, 2013 Tesla Model S (Fremont)",
            "WP0ZZZ99ZTS392124, Porsche,   1996, S, Germany,       1996 Porsche 911 (Stuttgart), European VIN without check digit"})
    void decodesRealWorldVins(String vin, String make, int year, String plant, String country, String knownAs) {
        VinDecoding decoding = decode(vin);

        assertThat(decoding.make()).as(knownAs).isEqualTo(make);
        assertThat(decoding.modelYear()).as(knownAs).isEqualTo(year);
        assertThat(decoding.plantCode()).as(knownAs).isEqualTo(plant);
        assertThat(decoding.country()).as(knownAs).isEqualTo(country);
        assertThat(decoding.serial()).isEqualTo(vin.substring(11));
    }

    @Test
    void aWrongCheckDigitIsAWarningWithTheCorrectionAndTheDecodeGoesOn() {
        VinDecoding decoding = decode("1FTEW1EP5KFA00000");

        assertThat(decoding.checkDigit()).isEqualTo(new VinDecoding.CheckDigit(false, "9", "1FTEW1EP9KFA00000"));
        assertThat(warningCodes(decoding)).containsExactly(DecodeWarning.CHECK_DIGIT_MISMATCH);
        assertThat(decoding.warnings().get(0).message()).contains("'5'", "'9'", "1FTEW1EP9KFA00000");
        assertThat(decoding.describedAs()).isEqualTo("2019 Ford F-150 2.7 EcoBoost 4x4");
    }

    @Test
    void aEuropeanVinWithAFillerInPosition9GetsTheCorrectionToo() {
        VinDecoding decoding = decode("WP0ZZZ99ZTS392124");

        assertThat(decoding.checkDigit()).isEqualTo(new VinDecoding.CheckDigit(false, "8", "WP0ZZZ998TS392124"));
    }

    @Test
    void anUnknownWmiIsAWarningAndTheRestIsStillDecoded() {
        VinDecoding decoding = decode("11111111111111111");

        assertThat(warningCodes(decoding)).containsExactly(DecodeWarning.UNKNOWN_WMI);
        assertThat(decoding.manufacturer()).isNull();
        assertThat(decoding.make()).isNull();
        assertThat(decoding.model()).isNull();
        assertThat(decoding.modelYear()).isEqualTo(2001);
        assertThat(decoding.plantCode()).isEqualTo("1");
        assertThat(decoding.serial()).isEqualTo("111111");
        assertThat(decoding.identifiesModel()).isFalse();
    }

    @Test
    void aKnownWmiWithAnUnknownDescriptorIsAnUnknownVdsWarning() {
        VinDecoding decoding = decode("1HGCM82633A004352");

        assertThat(warningCodes(decoding)).containsExactly(DecodeWarning.UNKNOWN_VDS);
        assertThat(decoding.warnings().get(0).message()).contains("1HG", "CM826", "2003");
        assertThat(decoding.make()).isEqualTo("Honda");
        assertThat(decoding.model()).isNull();
    }

    @Test
    void theEvPatternResolvesMakeModelAndYearButNoEngineCode() {
        VinDecoding decoding = decode("5YJYGDEE5MF100001");

        assertThat(decoding.warnings()).isEmpty();
        assertThat(decoding.identifiesModel()).isTrue();
        assertThat(decoding.describedAs()).isEqualTo("2021 Tesla Model Y Long Range AWD");
        assertThat(decoding.engineCode()).isNull();
        assertThat(decoding.body()).isEqualTo("suv");
    }

    @Test
    void hondaPosition8DecidesTheTrim() {
        assertThat(decode(withCheckDigit("2HGFC2F50KH600001")).trim()).isEqualTo("LX");
        assertThat(decode(withCheckDigit("2HGFC2F80KH600001")).trim()).isEqualTo("Sport");
    }

    // Model-year rule of 49 CFR 565.15: position 7 decides which 30-year cycle position 10 is in.

    @Test
    void aDigitInPosition7ReadsPosition10In1980To2009() {
        VinDecoding decoding = decode("1G4AH59H45G118341");

        assertThat(decoding.modelYear()).isEqualTo(2005);
        assertThat(warningCodes(decoding)).doesNotContain(DecodeWarning.AMBIGUOUS_MODEL_YEAR);
    }

    @Test
    void aLetterInPosition7ReadsPosition10In2010To2039() {
        assertThat(decode("1FTFW1CT5DFC10312").modelYear()).isEqualTo(2013);
        assertThat(decode(withCheckDigit("1FTEW1CP0LFF01910")).modelYear()).isEqualTo(2020);
        assertThat(decode(withCheckDigit("1FTEW1CP0AFF01910")).modelYear()).isEqualTo(2010);
        assertThat(decode(withCheckDigit("1FTEW1CP0RFF01910")).modelYear()).isEqualTo(2024);
    }

    @Test
    void aYearTheRuleWouldPutInTheFutureIsReadInTheEarlierCycleWithAWarning() {
        VinDecoding decoding = decode(withCheckDigit("1FTFW1CT05FC10312"));

        assertThat(decoding.modelYear()).isEqualTo(2005);
        assertThat(warningCodes(decoding)).containsExactly(DecodeWarning.AMBIGUOUS_MODEL_YEAR, DecodeWarning.UNKNOWN_VDS);
        assertThat(decoding.warnings().get(0).message()).contains("2035", "2005");
    }

    @Test
    void aVehicleTypeTheRuleDoesNotCoverGetsTheNorthAmericanReadingWithAWarning() {
        VinDecoding decoding = decode(withCheckDigit("1HD1KEF10KB600001"));

        assertThat(decoding.vehicleType()).isEqualTo("motorcycle");
        assertThat(decoding.modelYear()).isEqualTo(2019);
        assertThat(warningCodes(decoding)).contains(DecodeWarning.AMBIGUOUS_MODEL_YEAR);
        assertThat(decoding.warnings()).anySatisfy(warning -> assertThat(warning.message()).contains("motorcycle", "1989"));
    }

    @Test
    void aVinFromOutsideNorthAmericaGetsTheNorthAmericanReadingWithAWarning() {
        VinDecoding decoding = decode("WP0ZZZ99ZTS392124");

        assertThat(decoding.modelYear()).isEqualTo(1996);
        assertThat(warningCodes(decoding)).contains(DecodeWarning.AMBIGUOUS_MODEL_YEAR);
        assertThat(decoding.warnings()).anySatisfy(warning -> assertThat(warning.message()).contains("North American", "2026"));
    }

    @Test
    void aDescriptorKnownOnlyInTheOtherCycleTakesTheTablesYearWithAWarning() {
        VdsPattern accordV6 = new VdsPattern(List.of("1HG"), "CM8A6", 2003, 2007, null, "Accord", null, "J30A4", "FWD",
                "sedan", null);
        VinDecoder decoder = new VinDecoder(WmiTable.load(VinDecoder.WMI_RESOURCE),
                VdsPatterns.of(List.of(accordV6), "test"), MID_2026);

        VinDecoding decoding = decoder.decode(Vin.parse(withCheckDigit("1HGCM8A603A004352")));

        assertThat(decoding.modelYear()).isEqualTo(2003);
        assertThat(decoding.model()).isEqualTo("Accord");
        assertThat(warningCodes(decoding)).containsExactly(DecodeWarning.AMBIGUOUS_MODEL_YEAR);
        assertThat(decoding.warnings().get(0).message()).contains("2033", "2003-2007");
    }

    @Test
    void position10WithoutAModelYearCodeLeavesTheYearUnknown() {
        VinDecoding decoding = decode(withCheckDigit("1HGCM8263ZA004352"));

        assertThat(decoding.modelYear()).isNull();
        assertThat(warningCodes(decoding)).contains(DecodeWarning.UNKNOWN_MODEL_YEAR);
        assertThat(decoding.identifiesModel()).isFalse();
    }

    @Test
    void patternsOfEqualSpecificityThatOverlapAreRefused() {
        VdsPattern xlt = new VdsPattern(List.of("1FT"), "*W1EG", 2015, 2020, null, "F-150", "XLT", "3.5 EcoBoost", "4x4",
                null, null);
        VdsPattern lariat = new VdsPattern(List.of("1FT"), "EW1E*", 2019, 2022, null, "F-150", "Lariat", "3.5 EcoBoost",
                "4x4", null, null);

        assertThatThrownBy(() -> VdsPatterns.of(List.of(xlt, lariat), "test"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("2019-2020");
    }

    @Test
    void aMoreSpecificPatternWinsOverAWildcardOne() {
        VdsPattern anyCab = new VdsPattern(List.of("1FT"), "**1EG", 2015, 2020, null, "F-150", null, "3.5 EcoBoost", "4x4",
                null, null);
        VdsPattern superCrew = new VdsPattern(List.of("1FT"), "*W1EG", 2015, 2020, null, "F-150", null, "3.5 EcoBoost",
                "4x4", "pickup crew cab", null);
        VdsPatterns patterns = VdsPatterns.of(List.of(anyCab, superCrew), "test");

        assertThat(patterns.match("1FT", "EW1EG", 2020)).contains(superCrew);
        assertThat(patterns.match("1FT", "EX1EG", 2020)).contains(anyCab);
        assertThat(patterns.match("1FT", "EW1EG", 2021)).isEmpty();
    }

    @Test
    void theShippedTablesLoadAndHangTogether() {
        VinDecoder standard = VinDecoder.standard();

        assertThat(standard.wmiCount()).isBetween(100, 200);
        assertThat(standard.vdsPatternCount()).isGreaterThanOrEqualTo(34);
        assertThat(standard.decode(Vin.parse("5YJYGDEE5MF100001")).model()).isEqualTo("Model Y");
    }

    @Test
    void rendersAsSnakeCaseJsonWithTheCorrectionOnlyWhenNeeded() {
        JsonMapper json = JsonMapper.builder().build();

        JsonNode wrong = json.valueToTree(decode("1FTEW1EP5KFA00000"));
        JsonNode right = json.valueToTree(decode("1FTEW1EP9KFA00000"));

        assertThat(wrong.propertyNames()).containsExactly("vin", "check_digit", "wmi", "vds", "vis", "manufacturer",
                "make", "country", "vehicle_type", "model_year", "model", "trim", "engine_code", "drivetrain", "body",
                "plant_code", "serial", "warnings");
        assertThat(wrong.path("check_digit").path("corrected_vin").asString()).isEqualTo("1FTEW1EP9KFA00000");
        assertThat(wrong.path("warnings").get(0).path("code").asString()).isEqualTo("check_digit_mismatch");
        assertThat(right.path("check_digit").has("corrected_vin")).isFalse();
        assertThat(right.path("trim").isNull()).isTrue();
        assertThat(right.path("engine_code").asString()).isEqualTo("2.7 EcoBoost");
    }
}
