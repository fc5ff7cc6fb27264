package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;

class CrossOriginFilterTest {

    private static final String SITE = "https://site.example";

    private final CrossOriginFilter filter = new CrossOriginFilter(paths(), true);

    private static UrlBasedCorsConfigurationSource paths() {
        UrlBasedCorsConfigurationSource paths = new UrlBasedCorsConfigurationSource();
        paths.registerCorsConfiguration(
                "/api/sample/**", CrossOrigin.fromOriginOf(SITE + "/docs", List.of("GET", "HEAD")));
        paths.registerCorsConfiguration("/api/**", CrossOrigin.fromAnyOrigin(List.of("GET", "HEAD", "POST")));
        return paths;
    }

    @Test
    void anAllowedPreflightIsAnsweredHereWithTheAllowance() throws Exception {
        MockFilterChain chain = new MockFilterChain();
        MockHttpServletResponse answer = send(preflight("/api/sample/v1/fluids", SITE, "GET", "x-api-key"), chain);

        assertThat(answer.getStatus()).isEqualTo(204);
        assertThat(chain.getRequest()).as("a preflight never goes further").isNull();
        assertThat(answer.getHeader("Access-Control-Allow-Origin")).isEqualTo(SITE);
        assertThat(answer.getHeader("Access-Control-Allow-Headers")).isEqualTo("x-api-key");
        assertThat(answer.getHeader("Access-Control-Max-Age")).isEqualTo("600");
    }

    @Test
    void oneHeaderNotAllowedRefusesThePreflightWithoutAnError() throws Exception {
        MockHttpServletResponse answer = send(
                preflight("/api/v1/fluids", "https://any.example", "GET", "x-api-key, x-debug"), new MockFilterChain());

        assertThat(answer.getStatus()).isEqualTo(204);
        assertThat(answer.getHeaderNames()).noneMatch(name -> name.startsWith("Access-Control-"));
        assertThat(answer.getContentAsString()).isEmpty();
    }

    @Test
    void aRequestFromAnOriginNotAllowedIsAnsweredWithoutAllowance() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/sample/v1/fluids");
        request.addHeader("Origin", "https://elsewhere.example");
        MockFilterChain chain = new MockFilterChain();

        MockHttpServletResponse answer = send(request, chain);

        assertThat(chain.getRequest())
                .as("answered as to any client; the browser keeps it from the page")
                .isNotNull();
        assertThat(answer.getStatus()).isEqualTo(200);
        assertThat(answer.getHeader("Access-Control-Allow-Origin")).isNull();
        assertThat(answer.getHeaders("Vary")).contains("Origin");
    }

    @Test
    void theLiveApisAnswerSuitsEveryPageWithOrWithoutOrigin() throws Exception {
        MockHttpServletResponse withoutOrigin =
                send(new MockHttpServletRequest("GET", "/api/v1/fluids"), new MockFilterChain());

        assertThat(withoutOrigin.getHeader("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(withoutOrigin.getHeader("Access-Control-Expose-Headers")).contains("X-RateLimit-Remaining", "Link");
        assertThat(withoutOrigin.getHeaders("Vary")).isEmpty();
    }

    @Test
    void aMalformedOriginGetsNoAllowanceAndNoError() throws Exception {
        for (String origin : List.of("http://[", "null", "%", "https://site.example:99999")) {
            MockHttpServletResponse answer =
                    send(preflight("/api/sample/v1/fluids", origin, "GET", null), new MockFilterChain());

            assertThat(answer.getStatus()).as(origin).isEqualTo(204);
            assertThat(answer.getHeader("Access-Control-Allow-Origin"))
                    .as(origin)
                    .isNull();
        }
    }

    @Test
    void pathsWithoutConfigurationPassUntouched() throws Exception {
        MockFilterChain chain = new MockFilterChain();
        MockHttpServletResponse answer = send(preflight("/docs", SITE, "GET", null), chain);

        assertThat(chain.getRequest()).isNotNull();
        assertThat(answer.getHeaderNames()).isEmpty();
    }

    @Test
    void aRefusedRequestIsLookedUpByItsUriAlone() {
        MockHttpServletRequest refused = new MockHttpServletRequest("GET", null);
        refused.addHeader("Origin", SITE);
        MockHttpServletResponse sandbox = new MockHttpServletResponse();
        MockHttpServletResponse unknown = new MockHttpServletResponse();

        filter.allowReading(refused, "/api/sample/v1/wmi/1H%2FG", sandbox);
        filter.allowReading(refused, null, unknown);

        assertThat(sandbox.getHeader("Access-Control-Allow-Origin")).isEqualTo(SITE);
        assertThat(unknown.getHeaderNames()).isEmpty();
    }

    private static MockHttpServletRequest preflight(String path, String origin, String method, String headers) {
        MockHttpServletRequest request = new MockHttpServletRequest("OPTIONS", path);
        request.addHeader("Origin", origin);
        request.addHeader("Access-Control-Request-Method", method);
        if (headers != null) {
            request.addHeader("Access-Control-Request-Headers", headers);
        }
        return request;
    }

    private MockHttpServletResponse send(HttpServletRequest request, MockFilterChain chain) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, chain);
        return response;
    }
}
