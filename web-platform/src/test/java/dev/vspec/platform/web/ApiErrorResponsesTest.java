package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.servlet.HandlerMapping;
import tools.jackson.databind.json.JsonMapper;

class ApiErrorResponsesTest {

    private final ApiErrorResponses responses =
            new ApiErrorResponses(JsonMapper.builder().build());
    private final MockHttpServletRequest request = new MockHttpServletRequest("PUT", "/api/v0/enrich");

    @ParameterizedTest
    @EnumSource(
            value = ErrorCode.class,
            names = {"SERVICE_UNAVAILABLE", "UPSTREAM_UNREACHABLE"})
    void aFailureThatPassesCarriesRetryAfterHoweverItIsAnswered(ErrorCode code) throws Exception {
        ApiError error = ApiError.of(code, "down for now");
        MockHttpServletResponse written = new MockHttpServletResponse();

        responses.write(request, written, error);

        assertThat(written.getStatus()).isEqualTo(code.status());
        assertThat(written.getHeader("Retry-After")).isEqualTo("5");
        assertThat(responses.entity(error, request).getHeaders().getFirst("Retry-After"))
                .isEqualTo("5");
    }

    @Test
    void aRetryAfterTheCallerChoseIsKept() throws Exception {
        MockHttpServletResponse written = new MockHttpServletResponse();
        written.setHeader("Retry-After", "60");

        responses.write(request, written, ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "loading"));

        assertThat(written.getHeader("Retry-After")).isEqualTo("60");
    }

    @ParameterizedTest
    @EnumSource(
            value = ErrorCode.class,
            names = {"INVALID_PARAM", "NOT_FOUND", "INTERNAL_ERROR", "GATEWAY_UNCONFIGURED"})
    void otherErrorsCarryNone(ErrorCode code) {
        assertThat(responses
                        .entity(ApiError.of(code, "no"), request)
                        .getHeaders()
                        .getFirst("Retry-After"))
                .isNull();
    }

    @Test
    void methodNotAllowedListsWhatThePathTakes() {
        ResponseEntity<ApiError> answer = responses.methodNotAllowed(request, List.of(HttpMethod.GET, HttpMethod.POST));

        assertThat(answer.getStatusCode().value()).isEqualTo(405);
        assertThat(answer.getHeaders().getAllow()).containsExactlyInAnyOrder(HttpMethod.GET, HttpMethod.POST);
        assertThat(answer.getBody().message()).isEqualTo("PUT is not accepted on /api/v0/enrich; it takes GET, POST");
    }

    @Test
    void logsNameARequestByItsRouteNeverByWhatTheClientSent() {
        MockHttpServletRequest odd = new MockHttpServletRequest("vsk_live_x", "/api/v1/wmi/vsk_live_abc");
        assertThat(ApiErrorResponses.route(odd)).isEqualTo("(another method) (no route)");

        request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, "/api/v0/enrich");
        assertThat(ApiErrorResponses.route(request)).isEqualTo("PUT /api/v0/enrich");
    }
}
