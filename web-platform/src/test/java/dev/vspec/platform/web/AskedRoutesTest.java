package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/** Live routes named as the client reaches them on the surface that answered. */
class AskedRoutesTest {

    private static final AskedRoutes SAMPLE = new AskedRoutes("/api/sample", false);

    @AfterEach
    void leaveTheRequest() {
        RequestContextHolder.resetRequestAttributes();
    }

    @Test
    void aLiveRequestNamesTheLiveRoutes() {
        AskedRoutes routes = AskedRoutes.of(new MockHttpServletRequest("GET", "/api/v1/vehicle"));

        assertThat(routes).isEqualTo(AskedRoutes.LIVE);
        assertThat(routes.route("/api/v0/vehicle-image")).isEqualTo("/api/v0/vehicle-image");
        assertThat(routes.takesWrites()).isTrue();
    }

    @Test
    void aRequestServedUnderAnotherPrefixNamesTheRoutesUnderIt() {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/vehicle");
        SAMPLE.applyTo(request);

        AskedRoutes routes = AskedRoutes.of(request);

        assertThat(routes.route("/api/v0/vehicle-image")).isEqualTo("/api/sample/v0/vehicle-image");
        assertThat(routes.route("/api/v1/configs")).isEqualTo("/api/sample/v1/configs");
        // a path that merely starts like the live prefix is not under it
        assertThat(routes.route("/apis/v1/configs")).isEqualTo("/apis/v1/configs");
        assertThat(routes.takesWrites()).isFalse();
    }

    @Test
    void theCurrentSurfaceIsTheOneOfTheRequestThisThreadAnswers() {
        assertThat(AskedRoutes.current()).as("outside a request").isEqualTo(AskedRoutes.LIVE);

        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/vehicle");
        SAMPLE.applyTo(request);
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));

        assertThat(AskedRoutes.current()).isEqualTo(SAMPLE);
    }
}
