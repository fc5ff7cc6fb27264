package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DecodedFieldsTest {

    @ParameterizedTest
    @CsvSource({
        "BodyClass, lookup, body_class",
        "ModelYear, int, model_year",
        "Doors, int, doors",
        "EngineCylinders, int, cylinders",
        "DisplacementL, decimal, engine_displacement_l",
        "DisplacementCC, decimal, engine_displacement_cc",
        "FuelTypePrimary, lookup, fuel_type",
        "GVWR, lookup, gvwr",
        "GVWR_to, lookup, gvwr_to",
        "PlantCity, string, plant_city",
        "OtherRestraintSystemInfo, string, other_restraint_system_info",
        "NCSABodyType, lookup, ncsa_body_type",
        "BasePrice, decimal, base_price_usd"
    })
    void namesAnElementAsTheDecodeDoes(String code, String dataType, String field) {
        assertThat(DecodedFields.nameOf(element(code, dataType))).isEqualTo(field);
    }

    @ParameterizedTest
    @CsvSource({"2.0, 2.0", "2.00, 2.0", "1.781, 1.781", "' 1998 ', 1998.0"})
    void readsADecimalAsANumber(String text, double number) {
        assertThat(DecodedFields.valueOf(element("DisplacementL", "decimal"), text))
                .isEqualTo(number);
    }

    @ParameterizedTest
    @CsvSource({"Doors, int, 2, 2", "EngineCylinders, int, 6, 6"})
    void readsAnIntAsAWholeNumber(String code, String dataType, String text, int number) {
        assertThat(DecodedFields.valueOf(element(code, dataType), text)).isEqualTo(number);
    }

    @ParameterizedTest
    @CsvSource({"EngineCylinders, int, TBD", "DisplacementCC, decimal, TBD"})
    void aNumberVpicDoesNotKnowIsNone(String code, String dataType, String text) {
        assertThat(DecodedFields.valueOf(element(code, dataType), text)).isNull();
    }

    @ParameterizedTest
    @CsvSource({"BodyClass, lookup, Coupe", "PlantCity, string, MARYSVILLE"})
    void keepsATextAsWritten(String code, String dataType, String text) {
        assertThat(DecodedFields.valueOf(element(code, dataType), text)).isEqualTo(text);
    }

    private static Element element(String code, String dataType) {
        return new Element(1, code, code, null, dataType, "Pattern", null, false);
    }
}
