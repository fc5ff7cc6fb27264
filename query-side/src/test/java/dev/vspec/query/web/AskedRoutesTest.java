package dev.vspec.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** Live routes named as the client reaches them on the surface that answered. */
class AskedRoutesTest {

    @Test
    void aLiveRequestNamesTheLiveRoutes() {
        AskedRoutes routes = AskedRoutes.of(new MockHttpServletRequest("GET", "/api/v1/vehicle"));

        assertThat(routes.route("/api/v0/vehicle-image")).isEqualTo("/api/v0/vehicle-image");
    }

    @Test
    void aRequestServedUnderAnotherPrefixNamesTheRoutesUnderIt() {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/vehicle");
        request.setAttribute(AskedRoutes.PREFIX_ATTRIBUTE, "/api/sample");

        AskedRoutes routes = AskedRoutes.of(request);

        assertThat(routes.route("/api/v0/vehicle-image")).isEqualTo("/api/sample/v0/vehicle-image");
        assertThat(routes.route("/api/v1/configs")).isEqualTo("/api/sample/v1/configs");
        // a path that merely starts like the live prefix is not under it
        assertThat(routes.route("/apis/v1/configs")).isEqualTo("/apis/v1/configs");
    }
}
