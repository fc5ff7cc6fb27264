package dev.vspec.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.SharedBudgets;
import dev.vspec.platform.web.ApiErrorResponses;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import java.lang.reflect.Proxy;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** When the budgets cannot be read, the sandbox says so: 503, never a 500 and never an unlimited answer. */
class SandboxLimitsTest {

    @Test
    void budgetsThatCannotBeReadAre503AndTheRequestGoesNoFurther() throws Exception {
        @SuppressWarnings("unchecked")
        ProxyManager<String> unreachable = (ProxyManager<String>) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ProxyManager.class}, (proxy, method, args) -> {
                    throw new IllegalStateException("connection refused");
                });
        SandboxProperties properties = new SandboxProperties(30, 500, "https://site.example");
        JsonMapper json = JsonMapper.builder().build();
        SandboxLimits limits = new SandboxLimits(
                new SharedBudgets(unreachable, Clock.systemUTC()),
                properties,
                new ApiErrorResponses(json),
                Clock.systemUTC());
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/sample/v1/fluids");
        MockHttpServletResponse response = new MockHttpServletResponse();
        MockFilterChain chain = new MockFilterChain();

        limits.doFilter(request, response, chain);

        assertThat(response.getStatus()).isEqualTo(503);
        JsonNode body = json.readTree(response.getContentAsString());
        assertThat(body.path("error").asString()).isEqualTo("service_unavailable");
        assertThat(body.path("message").asString()).contains("retry shortly").doesNotContain("connection refused");
        assertThat(chain.getRequest())
                .as("the request did not reach the routes")
                .isNull();
    }
}
