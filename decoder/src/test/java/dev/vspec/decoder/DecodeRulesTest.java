package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.Vin;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * spVinDecode's ranking and assembly rules, each on a synthetic release (test rows, not NHTSA data) built
 * to isolate one rule. VINs are of a synthetic passenger-car WMI 1ZZ; their check digits are right.
 */
class DecodeRulesTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);
    private static final int MODEL = 28;
    private static final int TRIM = 38;
    private static final int CYLINDERS = 9;
    private static final int ENGINE_MODEL = 18;
    private static final int OTHER_ENGINE_INFO = 129;
    private static final int DISPLACEMENT_CC = 11;
    private static final int DISPLACEMENT_L = 13;
    private static final long OLDER = 1_000_000L;
    private static final long NEWER = 2_000_000L;
    // keys CM826|3A004352
    private static final String VIN =
            Vin.parse("1ZZCM8263" + "3A004352").withCorrectCheckDigit().value();

    @Test
    void theSchemaOfTheLaterFirstYearWins() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 1999, 2005)
                .wmiSchema(1, 11, 2003, 2003)
                .pattern(1, 10, "CM826", TRIM, "Older schema's trim", NEWER)
                .pattern(2, 11, "CM", TRIM, "Newer schema's trim", OLDER));

        assertThat(decoding.trim()).isEqualTo("Newer schema's trim");
    }

    @Test
    void thenTheNewerPattern() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .pattern(1, 10, "CM826", TRIM, "Older pattern", OLDER)
                .pattern(2, 10, "CM", TRIM, "Newer pattern", NEWER));

        assertThat(decoding.trim()).isEqualTo("Newer pattern");
    }

    @Test
    void thenTheKeyWithFewerFixedCharacters() {
        // NHTSA orders LEN(REPLACE(Keys, '*', '')) ascending: of two equal patterns, the less specific key wins
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .pattern(1, 10, "CM826", TRIM, "Five fixed", NEWER)
                .pattern(2, 10, "C*8", TRIM, "Two fixed", NEWER));

        assertThat(decoding.trim()).isEqualTo("Two fixed");
    }

    @Test
    void aRemainingTieGoesTheSameWayEveryTime() {
        // both fix five characters; NHTSA would pick at random, vspec by the key without brackets ('*' before 'M')
        VpicIndex.Builder rows = release()
                .wmiSchema(1, 10, 2003, 2003)
                .pattern(3, 10, "CM826", TRIM, "Plain", NEWER)
                .pattern(7, 10, "C*8[2]", TRIM, "Bracketed", NEWER);

        assertThat(decode(rows).trim()).isEqualTo("Bracketed");
    }

    @Test
    void keysAreJudgedOnEveryPositionAfterThePipe() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .pattern(1, 10, "*****|3A00435[3-9]", TRIM, "Serial 3-9", NEWER)
                .pattern(2, 10, "*****|3A00435[0-2]", TRIM, "Serial 0-2", OLDER));

        assertThat(decoding.trim()).isEqualTo("Serial 0-2");
    }

    @Test
    void theMakeComesFromTheDecodedModel() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .make(5, "Synthetic Make")
                .make(6, "Other Make")
                .model(50, "Synthetic Model")
                .makeModel(5, 50)
                .wmiMake(1, 6)
                .pattern(1, 10, "CM", MODEL, "50", NEWER));

        assertThat(decoding.model()).isEqualTo("Synthetic Model");
        assertThat(decoding.vpicMake()).isEqualTo("SYNTHETIC MAKE");
        assertThat(decoding.make()).isEqualTo("Synthetic Make");
    }

    @Test
    void withoutAModelTheMakeIsTheWmisWhenItHasOne() {
        VinDecoding single = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .make(6, "Only Make")
                .wmiMake(1, 6)
                .pattern(1, 10, "CM", TRIM, "Some trim", NEWER));
        VinDecoding two = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .make(6, "One")
                .make(7, "Two")
                .wmiMake(1, 6)
                .wmiMake(1, 7)
                .pattern(1, 10, "CM", TRIM, "Some trim", NEWER));

        assertThat(single.vpicMake()).isEqualTo("ONLY MAKE");
        assertThat(single.make()).isEqualTo("Only Make");
        assertThat(two.make()).isNull();
        assertThat(two.vpicMake()).isNull();
    }

    @Test
    void theEngineModelAddsItsAttributesBelowAnyPatterns() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .engineModel(90, "SYN20")
                .engineModelPattern(1, 90, CYLINDERS, "4", NEWER)
                .engineModelPattern(2, 90, DISPLACEMENT_L, "2.0", NEWER)
                .pattern(1, 10, "CM", ENGINE_MODEL, "syn20 ", OLDER)
                .pattern(2, 10, "CM8", CYLINDERS, "6", OLDER));

        assertThat(decoding.engineModel()).isEqualTo("syn20");
        assertThat(decoding.cylinders()).isEqualTo(6);
        assertThat(decoding.displacementL()).isEqualTo("2.0");
        assertThat(decoding.elements())
                .filteredOn(element -> "DisplacementL".equals(element.code()))
                .singleElement()
                .satisfies(element -> assertThat(element.source()).isEqualTo("engine_model"));
    }

    @Test
    void aFormulaKeyGivesTheDigitsOfTheVin() {
        VinDecoding decoding =
                decode(release().wmiSchema(1, 10, 2003, 2003).pattern(1, 10, "**#", CYLINDERS, "TBD", NEWER));

        assertThat(decoding.cylinders()).isEqualTo(8);
        assertThat(decoding.elements())
                .filteredOn(element -> "EngineCylinders".equals(element.code()))
                .singleElement()
                .satisfies(element -> assertThat(element.source()).isEqualTo("formula"));
    }

    @Test
    void multiValuedElementsKeepEveryValue() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .pattern(1, 10, "CM", OTHER_ENGINE_INFO, "Direct injection", NEWER)
                .pattern(2, 10, "CM8", OTHER_ENGINE_INFO, "Variable valve timing", OLDER));

        assertThat(decoding.elements())
                .filteredOn(element -> "OtherEngineInfo".equals(element.code()))
                .extracting(VinDecoding.DecodedElement::value)
                .containsExactlyInAnyOrder("Direct injection", "Variable valve timing");
    }

    @Test
    void convertsDisplacementVpicGaveInOneUnitOnly() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 10, 2003, 2003)
                .conversion(3, DISPLACEMENT_CC, DISPLACEMENT_L, "#x# / 1000.")
                .pattern(1, 10, "CM", DISPLACEMENT_CC, "1998.0", NEWER));

        assertThat(decoding.displacementCc()).isEqualTo("1998.0");
        assertThat(decoding.displacementL()).isEqualTo("1.998");
        assertThat(decoding.engineDisplacementCc()).isEqualTo(1998.0);
        assertThat(decoding.engineDisplacementL()).isEqualTo(1.998);
    }

    @Test
    void schemasOfOtherYearsTakeNoPart() {
        VinDecoding decoding =
                decode(release().wmiSchema(1, 10, 2004, 2010).pattern(1, 10, "CM", TRIM, "Later trim", NEWER));

        assertThat(decoding.trim()).isNull();
        assertThat(decoding.nhtsaErrorCodes()).contains(8);
    }

    @Test
    void aWmiNotYetPublicIsUnknown() {
        VpicIndex.Builder rows = release(Instant.parse("2027-01-01T00:00:00Z"))
                .wmiSchema(1, 10, 2003, 2003)
                .pattern(1, 10, "CM", TRIM, "Some trim", NEWER);
        VinDecoder decoder = new VinDecoder(rows.build(), NOW);

        assertThat(decoder.knowsWmi(Vin.parse(VIN))).isFalse();
        assertThat(decoder.decode(Vin.parse(VIN)).nhtsaErrorCodes()).contains(7);
    }

    @Test
    void patternsOfSchemasAwaitingQualityControlTakeNoPart() {
        VinDecoding decoding = decode(release()
                .wmiSchema(1, 12, 2003, 2003)
                .schema(12, "synthetic schema under QC", true, null)
                .pattern(1, 12, "CM", TRIM, "Unchecked trim", NEWER));

        assertThat(decoding.trim()).isNull();
    }

    private static VinDecoding decode(VpicIndex.Builder rows) {
        return new VinDecoder(rows.build(), NOW).decode(Vin.parse(VIN));
    }

    private static VpicIndex.Builder release() {
        return release(null);
    }

    /** A synthetic release: WMI 1ZZ (a passenger car), schemas 10 and 11, the elements these tests use. */
    private static VpicIndex.Builder release(Instant publicFrom) {
        Long micros = publicFrom == null ? null : publicFrom.getEpochSecond() * 1_000_000L;
        return new VpicIndex.Builder()
                .release(new VpicRelease(
                        "0".repeat(64), LocalDate.of(2026, 2, 17), "synthetic test rows", NOW.instant(), Map.of()))
                .lookup("VehicleType", 2, "Passenger Car")
                .wmi(new WmiRow(1, "1ZZ", null, null, 2, null, null, micros))
                .schema(10, "synthetic schema 10", false, null)
                .schema(11, "synthetic schema 11", false, null)
                .element(new Element(MODEL, "Model", "Model", "Model", "lookup", "Pattern", 99, false))
                .element(new Element(TRIM, "Trim", "Trim", null, "string", "Pattern", 61, false))
                .element(new Element(
                        CYLINDERS, "Engine Number of Cylinders", "EngineCylinders", null, "int", "Pattern", 88, false))
                .element(new Element(ENGINE_MODEL, "Engine Model", "EngineModel", null, "string", "Pattern", 55, false))
                .element(new Element(
                        OTHER_ENGINE_INFO,
                        "Other Engine Info",
                        "OtherEngineInfo",
                        null,
                        "string",
                        "Pattern",
                        null,
                        false))
                .element(new Element(
                        DISPLACEMENT_CC, "Displacement (CC)", "DisplacementCC", null, "decimal", "Pattern", 98, false))
                .element(new Element(
                        DISPLACEMENT_L, "Displacement (L)", "DisplacementL", null, "decimal", "Pattern", null, false));
    }
}
