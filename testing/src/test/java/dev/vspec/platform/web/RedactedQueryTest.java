package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactedQueryTest {

    private static final String KEY = "vsk_live_0123456789abcdefghijABCDEFGHIJklQ1w2e3";

    @Test
    void keyParametersLoseTheirValues() {
        assertThat(RedactedQuery.of("config_key=2019-a-b&api_key=" + KEY))
                .isEqualTo("config_key=2019-a-b&api_key=[redacted]");
        assertThat(RedactedQuery.of("KEY=abc&vin=1")).isEqualTo("KEY=[redacted]&vin=1");
        assertThat(RedactedQuery.of("api%5Fkey=abc")).isEqualTo("api%5Fkey=[redacted]");
    }

    @Test
    void keyShapedTextIsRedactedWhereverItAppears() {
        assertThat(RedactedQuery.of("note=" + KEY)).isEqualTo("note=[redacted]");
        assertThat(RedactedQuery.of(KEY)).isEqualTo("[redacted]");
    }

    @Test
    void otherQueriesAreLoggedAsTheyCame() {
        assertThat(RedactedQuery.of("config_key=2019-honda-civic-lx-k20c2-fwd&include=fluids,parts"))
                .isEqualTo("config_key=2019-honda-civic-lx-k20c2-fwd&include=fluids,parts");
        assertThat(RedactedQuery.of(null)).isNull();
        assertThat(RedactedQuery.of("a&&b=")).isEqualTo("a&&b=");
    }

    @Test
    void whatDoesNotDecodeIsRedactedSinceNobodyCanTellWhatItHolds() {
        assertThat(RedactedQuery.of("vin=1&note=" + KEY.substring(0, 12) + "%")).isEqualTo("vin=1&note=[redacted]");
        assertThat(RedactedQuery.of("vin=%E2%82&make=honda")).isEqualTo("vin=[redacted]&make=honda");
        assertThat(RedactedQuery.of("%zz=1")).isEqualTo("%zz=[redacted]");
    }

    @Test
    void anEncodedKeyIsFoundDecoded() {
        String encoded = "%76sk%5Flive_" + KEY.substring("vsk_live_".length());

        assertThat(RedactedQuery.of("note=" + encoded)).isEqualTo("note=[redacted]");
        assertThat(RedactedQuery.of(encoded + "=1"))
                .as("a key-shaped name is not repeated")
                .isEqualTo("[redacted]=[redacted]");
    }

    @Test
    void aParameterCarriesAKeyByItsNameOrByAKeyShapedNameOrValue() {
        assertThat(RedactedQuery.carriesKey(QueryString.parameter("Api-Key=x"))).isTrue();
        assertThat(RedactedQuery.carriesKey(QueryString.parameter("access%5Ftoken=x")))
                .isTrue();
        assertThat(RedactedQuery.carriesKey(QueryString.parameter("k=" + KEY))).isTrue();
        assertThat(RedactedQuery.carriesKey(QueryString.parameter(KEY))).isTrue();
        assertThat(RedactedQuery.carriesKey(QueryString.parameter("config_key=2019-honda-civic-lx-k20c2-fwd")))
                .isFalse();
        assertThat(RedactedQuery.carriesKey(QueryString.parameter("keys=1"))).isFalse();
    }
}
