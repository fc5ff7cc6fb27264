package dev.vspec.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.platform.web.RequestChain;
import dev.vspec.query.QuerySideRequestChainIT;
import dev.vspec.sandbox.SandboxHttpIT;
import dev.vspec.testing.ServedChain;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/** The sandbox's Tomcat and dispatcher wrap a request in the order {@link SandboxRequestChain} declares. */
class SandboxRequestChainIT extends SandboxHttpIT {

    @Autowired
    ApplicationContext context;

    @Test
    void theFiltersRunInTheDeclaredOrder() {
        ServedChain served = ServedChain.of(context, "GET", "/api/v1/fluids");

        assertThat(served.filterNames())
                .as(served.describe())
                .containsExactlyElementsOf(context.getBean(RequestChain.class).filters());
    }

    @Test
    void aHandlersInterceptorsAndArgumentsAreTheQuerySides() {
        QuerySideRequestChainIT.assertHandlersChain(ServedChain.of(context, "GET", "/api/v1/fluids"));
    }
}
