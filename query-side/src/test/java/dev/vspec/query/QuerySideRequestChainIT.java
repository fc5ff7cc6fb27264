package dev.vspec.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.platform.web.RequestChain;
import dev.vspec.query.binding.QueryParameterRules;
import dev.vspec.query.binding.VehicleIdentifierArgumentResolver;
import dev.vspec.query.web.CacheControlInterceptor;
import dev.vspec.testing.ServedChain;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.web.servlet.handler.ConversionServiceExposingInterceptor;
import org.springframework.web.servlet.resource.ResourceUrlProviderExposingInterceptor;

/** The query side's Tomcat and dispatcher wrap a request in the order {@link QuerySideRequestChain} declares. */
@QuerySideIT
public class QuerySideRequestChainIT {

    @Autowired
    ApplicationContext context;

    @Test
    void theFiltersRunInTheDeclaredOrder() {
        ServedChain served = ServedChain.of(context, "GET", "/api/v1/fluids");

        assertThat(served.filterNames())
                .as(served.describe())
                .containsExactlyElementsOf(Stream.concat(
                                context.getBean(RequestChain.class).filters().stream(),
                                Stream.of("handlerReadsRecorder")) // this suite's own, last
                        .toList());
    }

    @Test
    void aHandlersInterceptorsAndArgumentsComeAsDeclared() {
        assertHandlersChain(ServedChain.of(context, "GET", "/api/v1/fluids"));
    }

    /** The query side's handlers' interceptors and their own arguments, wherever they answer (the sandbox's too). */
    public static void assertHandlersChain(ServedChain served) {
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
