package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.identity.Vin;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** NHTSA's rules over real vPIC rows (the extract), with published VINs. */
class VinDecoderTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);
    private final VinDecoder decoder = new VinDecoder(VpicExtract.index(), NOW);

    @ParameterizedTest(name = "{0} is a {1} {2} {3}")
    @CsvSource({
        // a 2003 Accord coupe, the VIN of many decoder tutorials
        "1HGCM82633A004352, 2003, Honda, Accord, EX-V6, J30A4",
        // a 2023 Kona: vPIC's engine model 'MPI Nu PE' is no manufacturer code, so the code is derived
        "KM8K2CAB4PU001140, 2023, Hyundai, Kona, SE, 2.0l-4cyl",
        // a 2019 Model 3: no engine, so the code says electric
        "5YJ3E1EA2KF317000, 2019, Tesla, Model 3, , electric"
    })
    void decodesPublishedVins(String vin, int year, String make, String model, String trim, String engineCode) {
        VinDecoding decoding = decoder.decode(Vin.parse(vin));

        assertThat(decoding.modelYear()).isEqualTo(year);
        assertThat(decoding.make()).isEqualTo(make);
        assertThat(decoding.vpicMake()).isEqualTo(make.toUpperCase(Locale.ROOT));
        assertThat(decoding.model()).isEqualTo(model);
        assertThat(decoding.trim()).isEqualTo(trim);
        assertThat(decoding.engineCode().value()).isEqualTo(engineCode);
        assertThat(decoding.release().sha256())
                .isEqualTo(VpicExtract.index().release().sha256());
        assertThat(decoding.checkDigit().valid()).isTrue();
    }

    @Test
    void aCleanDecodeSaysWhereEachFactCameFrom() {
        VinDecoding accord = decoder.decode(Vin.parse("1HGCM82633A004352"));

        assertThat(accord.nhtsaErrorCodes()).containsExactly(0);
        assertThat(accord.warnings()).isEmpty();
        assertThat(accord.wmi()).isEqualTo("1HG");
        assertThat(accord.vehicleDescriptor()).isEqualTo("1HGCM826*3A");
        assertThat(accord.manufacturer()).isEqualTo("AMERICAN HONDA MOTOR CO., INC.");
        assertThat(accord.vehicleType()).isEqualTo("PASSENGER CAR");
        assertThat(accord.bodyClass()).isEqualTo("Coupe");
        assertThat(accord.doors()).isEqualTo(2);
        assertThat(accord.cylinders()).isEqualTo(6);
        assertThat(accord.engineCode().derived()).isFalse();
        assertThat(accord.plant()).isEqualTo(new VinDecoding.Plant("MARYSVILLE", "OHIO", "UNITED STATES (USA)"));
        assertThat(accord.elements())
                .filteredOn(element -> "Model".equals(element.code()))
                .singleElement()
                .satisfies(element -> {
                    assertThat(element.value()).isEqualTo("Accord");
                    assertThat(element.field()).isEqualTo("model");
                    assertThat(element.source()).isEqualTo("pattern");
                    assertThat(element.vinSchemaId()).isNotNull();
                    assertThat(element.keys()).isNotBlank();
                });
        assertThat(accord.elements())
                .filteredOn(element -> "Make".equals(element.code()))
                .singleElement()
                .satisfies(element -> {
                    assertThat(element.source()).isEqualTo("model");
                    assertThat(element.value()).isEqualTo("HONDA");
                });
        assertThat(accord.elements())
                .filteredOn(element -> "EngineCylinders".equals(element.code()))
                .singleElement()
                .satisfies(element -> assertThat(element.field()).isEqualTo("cylinders"));
        assertThat(accord.elements())
                .filteredOn(element -> "Manufacturer".equals(element.code()))
                .singleElement()
                .satisfies(element -> assertThat(element.source()).isEqualTo("wmi"));
    }

    @Test
    void numbersAreNumbersBesideVpicsTexts() {
        VinDecoding kona = decoder.decode(Vin.parse("KM8K2CAB4PU001140"));

        assertThat(kona.displacementL()).isEqualTo("2.0");
        assertThat(kona.engineDisplacementL()).isEqualTo(2.0);
        assertThat(kona.engineDisplacementCc()).isNotNull().isEqualTo(DecodedFields.number(kona.displacementCc()));
    }

    @Test
    void aWrongCheckDigitIsAWarningThatCarriesTheCorrectedVin() {
        VinDecoding decoding = decoder.decode(Vin.parse("1HGCM82643A004352"));

        assertThat(decoding.model()).isEqualTo("Accord");
        assertThat(decoding.checkDigit().valid()).isFalse();
        assertThat(decoding.checkDigit().expected()).isEqualTo("3");
        assertThat(decoding.checkDigit().correctedVin()).isEqualTo("1HGCM82633A004352");
        assertThat(decoding.nhtsaErrorCodes()).containsExactly(1);
        assertThat(decoding.warnings()).singleElement().satisfies(warning -> {
            assertThat(warning.code()).isEqualTo("check_digit_mismatch");
            assertThat(warning.nhtsaCode()).isEqualTo(1);
            assertThat(warning.message()).contains("1HGCM82633A004352");
        });
    }

    @Test
    void positionsNoPatternUsedAreCode14() {
        VinDecoding kona = decoder.decode(Vin.parse("KM8K2CAB4PU001140"));

        assertThat(kona.nhtsaErrorCodes()).containsExactly(0, 14);
        assertThat(kona.warnings()).singleElement().satisfies(warning -> {
            assertThat(warning.code()).isEqualTo("unused_positions");
            assertThat(warning.message()).endsWith("position(s) 7");
        });
    }

    @Test
    void aTruckOutsideThePosition7RuleDecodesBothYearsAndKeepsTheBetter() {
        // 1FT trucks are not marked light trucks in vPIC, so position 10 'K' may be 1989 or 2019
        VinDecoding f150 = decoder.decode(Vin.parse("1FTEW1EP9KFA00000"));

        assertThat(f150.modelYear()).isEqualTo(2019);
        assertThat(f150.model()).isEqualTo("F-150");
        assertThat(f150.engineModel()).isEqualTo("2.7L-4V");
        assertThat(f150.engineCode())
                .isEqualTo(
                        new EngineCode(
                                "2.7l-v6",
                                true,
                                "derived from vPIC's displacement, cylinders and fuel (engine model '2.7L-4V' is not a manufacturer code)"));
        assertThat(f150.warnings()).anySatisfy(warning -> {
            assertThat(warning.code()).isEqualTo(DecodeWarning.AMBIGUOUS_MODEL_YEAR);
            assertThat(warning.message()).contains("2019 or 1989");
        });
    }

    @Test
    void aMotorcycleYearIsNotSettledByPosition7() {
        VinDecoding shadow = decoder.decode(Vin.parse("JH2RC5005KM700000"));

        assertThat(shadow.vehicleType()).isEqualTo("MOTORCYCLE");
        assertThat(shadow.modelYear()).isEqualTo(2019);
        assertThat(shadow.model()).isEqualTo("Shadow Aero");
        assertThat(shadow.engineCode().value()).isEqualTo("745cc-2cyl");
        assertThat(shadow.warnings()).extracting(DecodeWarning::code).contains(DecodeWarning.AMBIGUOUS_MODEL_YEAR);
    }

    @Test
    void aCarWithADigitInPosition7IsOfTheEarlierCycle() {
        // the Accord's position 7 is '3': position 10 '3' reads 2003, never 2033
        assertThat(decoder.decode(Vin.parse("1HGCM82633A004352")).modelYear()).isEqualTo(2003);
        assertThat(decoder.decode(Vin.parse("1HGCM82633A004352")).warnings())
                .extracting(DecodeWarning::code)
                .doesNotContain(DecodeWarning.AMBIGUOUS_MODEL_YEAR);
    }

    @Test
    void anUnknownWmiDecodesToNothingButItsCodes() {
        Vin vin = Vin.parse("ZZZCM82633A004352");

        assertThat(decoder.knowsWmi(vin)).isFalse();
        VinDecoding decoding = decoder.decode(vin);
        assertThat(decoding.make()).isNull();
        assertThat(decoding.model()).isNull();
        assertThat(decoding.nhtsaErrorCodes()).contains(7);
        assertThat(decoding.elements()).isEmpty();
    }

    @Test
    void aPosition10ThatIsNoYearCodeIsCode11AndEveryYearIsConsidered() {
        VinDecoding decoding = decoder.decode(Vin.parse("1HGCM82630A004352"));

        assertThat(decoding.modelYear()).isNull();
        assertThat(decoding.nhtsaErrorCodes()).contains(11, 400);
        assertThat(decoding.model()).isEqualTo("Accord");
        assertThat(decoding.engineCode()).isNotNull();
    }

    @Test
    void lettersWhereTheSerialMustBeDigitsAreCode400() {
        // for a passenger car positions 13-17 are digits
        VinDecoding decoding = decoder.decode(Vin.parse("1HGCM82633A0A4352"));

        assertThat(decoding.nhtsaErrorCodes()).contains(1, 400);
        assertThat(decoding.warnings())
                .anySatisfy(warning -> assertThat(warning.message()).contains("13:A"));
    }

    @Test
    void describesAWmi() {
        WmiDescription honda = decoder.describeWmi("1hg");

        assertThat(honda.manufacturer()).isEqualTo("AMERICAN HONDA MOTOR CO., INC.");
        assertThat(honda.makes()).containsExactly("Honda");
        assertThat(honda.vpicMakes()).containsExactly("Honda");
        assertThat(honda.vehicleType()).isEqualTo("Passenger Car");
        assertThat(honda.country()).isEqualTo("UNITED STATES (USA)");
        assertThat(honda.schemas())
                .isNotEmpty()
                .allSatisfy(schema -> assertThat(schema.name()).isNotBlank());
        assertThat(honda.modelYears()).isNotEmpty();
        assertThat(decoder.describeWmi("ZZZ")).isNull();
    }

    @Test
    void aPartialVinGivesWhatItsKnownPositionsDetermine() {
        PartialVinDecoding accord = decoder.decodePartial("1HGCM826*3A");

        assertThat(accord.partialVin()).isEqualTo("1HGCM826*3A******");
        assertThat(accord.unknownPositions()).containsExactly(9, 12, 13, 14, 15, 16, 17);
        assertThat(accord.modelYear()).isEqualTo(2003);
        assertThat(accord.determinedFields())
                .containsEntry("make", "Honda")
                .containsEntry("vpic_make", "HONDA")
                .containsEntry("model", "Accord")
                .containsEntry("trim", "EX-V6")
                .containsEntry("body_class", "Coupe")
                .containsEntry("doors", 2)
                .containsEntry("cylinders", 6)
                .containsEntry("model_year", 2003);
        assertThat(accord.determined())
                .containsEntry("Make", "HONDA")
                .containsEntry("Model", "Accord")
                .containsEntry("Doors", "2")
                .containsEntry("ModelYear", "2003");
        assertThat(accord.warnings()).extracting(DecodeWarning::code).contains("incomplete_vin");
    }

    @Test
    void unknownPositionsLeaveCandidates() {
        PartialVinDecoding honda = decoder.decodePartial("1HG");

        assertThat(honda.modelYear()).isNull();
        assertThat(honda.modelYears()).isNotEmpty();
        assertThat(honda.determinedFields()).containsEntry("make", "Honda").doesNotContainKey("model");
        assertThat(honda.candidateFields().get("model")).contains("Accord", "Civic");
        assertThat(honda.candidateFields().get("body_class")).contains("Coupe", "Sedan/Saloon");
        assertThat(honda.candidateFields().get("doors"))
                .isNotEmpty()
                .allSatisfy(doors -> assertThat(doors).isInstanceOf(Integer.class));
        assertThat(honda.candidateFields().keySet())
                .allSatisfy(name -> assertThat(name).matches("[a-z0-9_]+"));
        assertThat(honda.determined()).containsEntry("Make", "HONDA").doesNotContainKey("Model");
        assertThat(honda.candidates().get("Model")).contains("Accord", "Civic");
    }

    @Test
    void refusesWhatIsNoPartialVin() {
        assertThatThrownBy(() -> decoder.decodePartial("1HGCM82633A004352")).hasMessageContaining("vin=");
        assertThatThrownBy(() -> decoder.decodePartial("1H")).hasMessageContaining("3 to 17");
        assertThatThrownBy(() -> decoder.decodePartial("1HGCM8O6")).hasMessageContaining("position 7 is 'O'");
        assertThatThrownBy(() -> decoder.decodePartial("1H*CM826")).hasMessageContaining("must be known");
        assertThat(decoder.decodePartial("ZZZCM826")).isNull();
    }
}
