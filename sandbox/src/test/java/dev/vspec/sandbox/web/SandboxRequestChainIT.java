package dev.vspec.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.platform.web.RequestChain;
import dev.vspec.query.binding.QueryParameterRules;
import dev.vspec.query.binding.VehicleIdentifierArgumentResolver;
import dev.vspec.query.web.CacheControlInterceptor;
import dev.vspec.sandbox.SandboxHttpIT;
import dev.vspec.testing.ServedChain;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.web.servlet.handler.ConversionServiceExposingInterceptor;
import org.springframework.web.servlet.resource.ResourceUrlProviderExposingInterceptor;

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
    void aHandlersInterceptorsAndArgumentsComeAsDeclared() {
        ServedChain served = ServedChain.of(context, "GET", "/api/v1/fluids");

        assertThat(served.interceptors())
                .as(served.describe())
                .containsExactly(
                        QueryParameterRules.class.getName(),
                        CacheControlInterceptor.class.getName(),
                        ConversionServiceExposingInterceptor.class.getName(),
                        ResourceUrlProviderExposingInterceptor.class.getName());
        assertThat(served.argumentResolvers())
                .as(served.describe())
                .filteredOn(resolver -> resolver.startsWith("dev.vspec."))
                .containsExactly(
                        "dev.vspec.platform.web.TextParameters", VehicleIdentifierArgumentResolver.class.getName());
    }
}
