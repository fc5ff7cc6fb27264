package dev.vspec.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactedQueryTest {

    private static final String KEY = "vsk_live_0123456789abcdefghijABCDEFGHIJklQ1w2e3";

    @Test
    void keyParametersLoseTheirValues() {
        assertThat(RedactedQuery.of("config_key=2019-a-b&api_key=" + KEY)).isEqualTo("config_key=2019-a-b&api_key=[redacted]");
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
    void theFirstKeyParameterIsNamedDecoded() {
        assertThat(RedactedQuery.keyParameter("vin=1&apikey=x")).isEqualTo("apikey");
        assertThat(RedactedQuery.keyParameter("access%5Ftoken=x")).isEqualTo("access_token");
        assertThat(RedactedQuery.keyParameter("config_key=x&keys=1")).isNull();
        assertThat(RedactedQuery.keyParameter(null)).isNull();
    }
}
