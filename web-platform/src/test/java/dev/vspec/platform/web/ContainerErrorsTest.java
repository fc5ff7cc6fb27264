package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import org.apache.tomcat.util.res.StringManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.web.MockHttpServletRequest;

class ContainerErrorsTest {

    @Test
    void tomcatsTwoNotImplementedAreAClientsMistake() {
        MockHttpServletRequest connect = new MockHttpServletRequest("CONNECT", null);
        MockHttpServletRequest chunkedOtherwise = new MockHttpServletRequest("POST", "/api/v0/enrich");

        assertThat(ContainerErrors.forStatus(501, connect, null).error()).isEqualTo(ErrorCode.METHOD_NOT_ALLOWED);
        ApiError transferEncoding = ContainerErrors.forStatus(501, chunkedOtherwise, null);
        assertThat(transferEncoding.error()).isEqualTo(ErrorCode.INVALID_REQUEST);
        assertThat(transferEncoding.message()).contains("Transfer-Encoding");
    }

    @Test
    void aVersionOtherThanHttp1IsABadRequest() {
        assertThat(ContainerErrors.forStatus(505, new MockHttpServletRequest(), null)
                        .error())
                .isEqualTo(ErrorCode.INVALID_REQUEST);
    }

    @Test
    void tomcatsSizeRefusalsAre431() {
        IllegalArgumentException tooLarge = new IllegalArgumentException(
                StringManager.getManager("org.apache.coyote.http11").getString("iib.requestheadertoolarge.error"));
        IllegalStateException tooMany = new IllegalStateException(
                StringManager.getManager("org.apache.tomcat.util.http").getString("headers.maxCountFail", 100));

        assertThat(ContainerErrors.forStatus(400, new MockHttpServletRequest(), tooLarge)
                        .error())
                .isEqualTo(ErrorCode.HEADERS_TOO_LARGE);
        assertThat(ContainerErrors.forStatus(400, new MockHttpServletRequest(), tooMany)
                        .error())
                .isEqualTo(ErrorCode.HEADERS_TOO_LARGE);
    }

    @Test
    void aBadRequestSaysWhatIsWrongWithoutRepeatingIt() {
        MockHttpServletRequest twoHosts = new MockHttpServletRequest("GET", "/api/v1/fluids");
        twoHosts.addHeader("Host", "a.example");
        twoHosts.addHeader("Host", "b.example");
        MockHttpServletRequest encodedSlash = new MockHttpServletRequest("GET", "/api/v1/wmi/vsk_live_secret%2Fx");
        encodedSlash.addHeader("Host", "a.example");
        IllegalArgumentException unparsable = new IllegalArgumentException(
                "Invalid character found in the request target " + "[/api/v1/fluids?api_key=vsk_live_secret[]]");

        assertThat(ContainerErrors.forStatus(400, twoHosts, null).message()).isEqualTo("Send exactly one Host header");
        assertThat(ContainerErrors.forStatus(400, encodedSlash, null).message())
                .contains("%2F")
                .doesNotContain("vsk_");
        assertThat(ContainerErrors.forStatus(400, new MockHttpServletRequest(), unparsable)
                        .message())
                .startsWith("The request is not valid HTTP/1.1")
                .doesNotContain("vsk_", "Invalid character");
    }

    @ParameterizedTest
    @CsvSource({
        "408, request_timeout",
        "417, expectation_failed",
        "413, invalid_request",
        "405, method_not_allowed",
        "503, service_unavailable",
        "500, internal_error",
        "502, internal_error"
    })
    void everyStatusHasItsRecordAndNoOtherClientMistakeIsA5xx(int status, String code) {
        ApiError error = ContainerErrors.forStatus(status, new MockHttpServletRequest(), null);

        assertThat(error.error().code()).isEqualTo(code);
        assertThat(error.message()).isNotBlank().doesNotContain("Exception", "java.");
    }
}
