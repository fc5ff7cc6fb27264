package dev.vspec.sandbox.web;

import dev.vspec.access.SharedBudgets;
import dev.vspec.platform.connector.ConnectorAutoConfiguration;
import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import dev.vspec.platform.web.CrossOrigin;
import dev.vspec.platform.web.CrossOriginFilter;
import dev.vspec.platform.web.RequestChain;
import dev.vspec.query.QuerySideRequestChain;
import dev.vspec.query.web.HashedBodyEtagFilter;
import java.time.Clock;
import java.util.List;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * What wraps a request to the sandbox, in the order the request meets it: Tomcat's connector and valves
 * ({@link ConnectorAutoConfiguration}: the client's address read from the gateway's {@code X-Forwarded-For}, the
 * error record for what Tomcat refuses itself), the servlet filters ({@link #sandboxFilters}), then, once one of the
 * query side's handlers is chosen, its interceptors ({@link #addInterceptors}) and the arguments it takes
 * ({@link #addArgumentResolvers}), as on the query side. Keyless: no access filter.
 */
@Configuration(proxyBeanMethods = false)
class SandboxRequestChain implements WebMvcConfigurer {

    static final String CORS = "sandboxCors";
    static final String LIMITS = "sandboxLimits";
    static final String READ_ONLY = "sandboxReadOnly";
    static final String PREFIX = "sandboxPrefix";
    static final String ETAG_FILTER = "etagFilter";

    @Bean
    static RequestChain sandboxFilters() {
        return RequestChain.outermostFirst(
                ApiWebAutoConfiguration.REQUEST_IDS,
                RequestChain.CHARACTER_ENCODING,
                ApiWebAutoConfiguration.CONCRETE_CONTENT_TYPES,
                RequestChain.OBSERVATION,
                ApiWebAutoConfiguration.REQUEST_LOG,
                // so that every answer, a 429 and web-platform's refusals too, carries the site's allowance
                CORS,
                // a query carrying a key or not readable is refused before it counts against anything
                ApiWebAutoConfiguration.STRICT_QUERY_STRINGS,
                // every answer below carries the limits' headers
                LIMITS,
                // which also ends preflights, counted above
                READ_ONLY,
                // from /api/sample to the live path the query side's handlers answer
                PREFIX,
                RequestChain.REQUEST_CONTEXT,
                // innermost: it hashes the answer as the handler wrote it
                ETAG_FILTER);
    }

    /**
     * Only the site may call the sandbox from a browser, with the read methods and the API's headers. A preflight
     * passes on, to be counted like any request ({@link SandboxLimits}) and ended by {@link ReadOnly}.
     */
    @Bean(CORS)
    FilterRegistrationBean<CrossOriginFilter> sandboxCors(SandboxProperties properties) {
        if (properties.allowedOrigin() == null || properties.allowedOrigin().isBlank()) {
            throw new IllegalArgumentException(
                    "vspec.sandbox.allowed-origin is not set: name the site's origin, e.g. https://vspec.example");
        }
        UrlBasedCorsConfigurationSource paths = new UrlBasedCorsConfigurationSource();
        paths.registerCorsConfiguration(
                SandboxPrefix.PREFIX + "/**",
                CrossOrigin.fromOriginOf(properties.allowedOrigin(), ReadOnly.READ_METHODS));
        return RequestChain.registration(new CrossOriginFilter(paths, false));
    }

    @Bean(LIMITS)
    FilterRegistrationBean<SandboxLimits> sandboxLimits(
            SharedBudgets budgets, SandboxProperties properties, ApiErrorResponses errors) {
        return RequestChain.registration(new SandboxLimits(budgets, properties, errors, Clock.systemUTC()));
    }

    @Bean(READ_ONLY)
    FilterRegistrationBean<ReadOnly> sandboxReadOnly(ApiErrorResponses errors) {
        return RequestChain.registration(new ReadOnly(errors));
    }

    @Bean(PREFIX)
    FilterRegistrationBean<SandboxPrefix> sandboxPrefix(ApiErrorResponses errors) {
        return RequestChain.registration(new SandboxPrefix(errors));
    }

    @Bean(ETAG_FILTER)
    FilterRegistrationBean<HashedBodyEtagFilter> etagFilter() {
        return RequestChain.registration(new HashedBodyEtagFilter(), "/api/*");
    }

    /** The query side's handlers' own, as they are on the query side. */
    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        QuerySideRequestChain.addHandlersInterceptors(registry);
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        QuerySideRequestChain.addHandlersArguments(resolvers);
    }
}
