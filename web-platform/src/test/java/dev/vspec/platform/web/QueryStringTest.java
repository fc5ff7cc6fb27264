package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QueryStringTest {

    @Test
    void partsAreSplitAtTheFirstEqualsAndDecoded() {
        List<QueryString.Parameter> parameters =
                QueryString.parameters("vin=19XFC2F52KE715372&make=Land+Rover&note=a%3Db&flag&&=x");

        assertThat(parameters)
                .extracting(QueryString.Parameter::name)
                .containsExactly("vin", "make", "note", "flag", "");
        assertThat(parameters)
                .extracting(QueryString.Parameter::value)
                .containsExactly("19XFC2F52KE715372", "Land Rover", "a=b", "", "x");
        assertThat(QueryString.parameters("==v").get(0)).isEqualTo(new QueryString.Parameter("", "=v", "", "=v"));
    }

    @Test
    void utf8EscapesDecodeToTheirCharacters() {
        assertThat(QueryString.decoded("Citro%C3%ABn")).isEqualTo("Citroën");
        assertThat(QueryString.decoded("%E2%82%AC")).isEqualTo("€");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%", "%2", "%zz", "%E2%82", "%C3%28", "%FF", "a%g1"})
    void malformedEscapesAndBytesThatAreNotUtf8DoNotDecode(String raw) {
        assertThat(QueryString.decoded(raw)).isNull();
        assertThat(QueryString.parameters("vin=" + raw).get(0).value()).isNull();
        assertThat(QueryString.parameters(raw + "=1").get(0).name()).isNull();
    }

    @Test
    void noQueryHasNoParameters() {
        assertThat(QueryString.parameters(null)).isEmpty();
        assertThat(QueryString.parameters("")).isEmpty();
        assertThat(QueryString.parameters("&&")).isEmpty();
    }
}
