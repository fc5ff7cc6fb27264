package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StrictQueryStringsTest {

    private static final String KEY = "vsk_live_0123456789abcdefghijABCDEFGHIJklQ1w2e3";

    private static ApiError refusal(String query) {
        return StrictQueryStrings.refusal(QueryString.parameters(query));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "vin=19XFC2F52KE715372",
                "year=2019&make=Land+Rover&model=Range%20Rover",
                "flag",
                "",
                "a&&b=",
                "config_key=2019-honda-civic-lx-k20c2-fwd&include=fluids,parts"
            })
    void readableQueriesWithoutKeysPass(String query) {
        assertThat(refusal(query)).isNull();
    }

    @ParameterizedTest
    @CsvSource(
            quoteCharacter = '"',
            value = {
                "vin=%,'vin'",
                "vin=%zz,'vin'",
                "vin=%E2%82,'vin'",
                "make=honda&model=%C3%28,'model'",
                "x%00y=%,(a name with unusual characters)"
            })
    void aValueThatIsNotUrlEncodingIsInvalidParamNamingTheParameter(String query, String named) {
        ApiError refusal = refusal(query);

        assertThat(refusal.error()).isEqualTo(ErrorCode.INVALID_PARAM);
        assertThat(refusal.message())
                .contains("Query parameter " + named, "not valid URL encoding")
                .doesNotContain("%");
    }

    @ParameterizedTest
    @ValueSource(strings = {"=x", "==v", "=", "vin=1&=2"})
    void aParameterWithoutANameIsInvalidParam(String query) {
        assertThat(refusal(query).error()).isEqualTo(ErrorCode.INVALID_PARAM);
        assertThat(refusal(query).message()).contains("has no name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%zz=1", "vin%=1"})
    void aNameThatIsNotUrlEncodingIsInvalidParam(String query) {
        assertThat(refusal(query).message()).startsWith("A query parameter's name is not valid URL encoding");
    }

    @ParameterizedTest
    @CsvSource({
        "token,token",
        "auth,auth",
        "api-key,api-key",
        "k,k",
        "vin,vin",
        "api_key,api_key",
        "X-API-KEY,X-API-KEY"
    })
    void aKeyShapedValueIsRefusedWhateverTheParametersName(String name, String named) {
        ApiError refusal = refusal("vin=19XFC2F52KE715372&" + name + "=" + KEY);

        assertThat(refusal.error()).isEqualTo(ErrorCode.INVALID_API_KEY);
        assertThat(refusal.message())
                .contains("query parameter '" + named + "'", "x-api-key header")
                .doesNotContain(KEY);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "note=%76sk_live_abc",
                "vsk_live_abc=1",
                "vsk%5Flive_abc",
                "api_key=not-even-a-key",
                "api_key=vsk_live_abc%",
                "vin=%&token=x"
            })
    void keysAreRefusedEncodedInTheNameOrBeforeAnythingMalformed(String query) {
        ApiError refusal = refusal(query);

        assertThat(refusal.error()).isEqualTo(ErrorCode.INVALID_API_KEY);
        assertThat(refusal.message()).doesNotContain("vsk_live_abc");
    }

    @ParameterizedTest
    @ValueSource(ints = {StrictQueryStrings.MAX_PARAMETERS + 1})
    void moreParametersThanTheContainerReadsAreInvalidParam(int count) {
        String query = IntStream.range(0, count).mapToObj(i -> "p" + i + "=1").collect(Collectors.joining("&"));

        assertThat(refusal(query).error()).isEqualTo(ErrorCode.INVALID_PARAM);
        assertThat(refusal(query.substring(0, query.lastIndexOf('&')))).isNull();
    }
}
