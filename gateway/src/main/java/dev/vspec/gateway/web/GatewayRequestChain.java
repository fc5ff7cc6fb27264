package dev.vspec.gateway.web;

import dev.vspec.gateway.routing.GatewayProperties;
import dev.vspec.platform.connector.ConnectorAutoConfiguration;
import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import dev.vspec.platform.web.CrossOrigin;
import dev.vspec.platform.web.CrossOriginFilter;
import dev.vspec.platform.web.RequestChain;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import tools.jackson.databind.ObjectMapper;

/**
 * What wraps a request to the gateway, in the order the request meets it: Tomcat's connector and valves
 * ({@link ConnectorAutoConfiguration}: connections limited per address, the error record for what Tomcat refuses
 * itself), the servlet filters ({@link #gatewayFilters}), then the route ({@code GatewayRoutes}) and, should its
 * backend fail, the exception resolvers, this one's first ({@link #gatewayErrors}).
 */
@Configuration(proxyBeanMethods = false)
class GatewayRequestChain {

    static final String CORS = "gatewayCorsFilter";
    static final String WHOLE_REQUEST_BODIES = "wholeRequestBodies";
    static final String DECORATED_ERROR_BODIES = "decoratedErrorBodies";
    /** Spring Cloud Gateway's, which picks a weighted route's backend. */
    static final String WEIGHT_CALCULATOR = "weightCalculatorFilter";

    static final String SITE_HEADERS = "siteHeaders";

    @Bean
    static RequestChain gatewayFilters() {
        return RequestChain.outermostFirst(
                ApiWebAutoConfiguration.REQUEST_IDS,
                RequestChain.CHARACTER_ENCODING,
                ApiWebAutoConfiguration.CONCRETE_CONTENT_TYPES,
                RequestChain.OBSERVATION,
                ApiWebAutoConfiguration.REQUEST_LOG,
                // before anything answers, so that a page can read every answer
                CORS,
                ApiWebAutoConfiguration.STRICT_QUERY_STRINGS,
                // before the error decoration holds answers back: a refusal goes out at once
                WHOLE_REQUEST_BODIES,
                DECORATED_ERROR_BODIES,
                RequestChain.REQUEST_CONTEXT,
                WEIGHT_CALCULATOR,
                SITE_HEADERS);
    }

    /**
     * CORS as the specification says: the live API allows any origin, the sandbox ({@code /api/sample}) the site's
     * alone ({@code vspec.sandbox.allowed-origin}, the site by default); the first pattern a path matches decides.
     * Preflights are answered here and never reach a backend; what backends say about CORS is dropped
     * ({@link BackendResponseHeaders}), so this is the one answer.
     */
    @Bean
    CrossOriginFilter gatewayCors(@Value("${vspec.sandbox.allowed-origin:${vspec.site.url}}") String sandboxOrigin) {
        UrlBasedCorsConfigurationSource paths = new UrlBasedCorsConfigurationSource();
        CorsConfiguration sandbox = CrossOrigin.fromOriginOf(sandboxOrigin, List.of("GET", "HEAD"));
        paths.registerCorsConfiguration("/api/sample", sandbox);
        paths.registerCorsConfiguration("/api/sample/**", sandbox);
        CorsConfiguration live = CrossOrigin.fromAnyOrigin(List.of("GET", "HEAD", "POST"));
        paths.registerCorsConfiguration("/api", live);
        paths.registerCorsConfiguration("/api/**", live);
        return new CrossOriginFilter(paths, true);
    }

    @Bean(CORS)
    FilterRegistrationBean<CrossOriginFilter> gatewayCorsFilter(CrossOriginFilter cors) {
        return RequestChain.registration(cors);
    }

    @Bean(WHOLE_REQUEST_BODIES)
    FilterRegistrationBean<WholeRequestBodies> wholeRequestBodies(
            ApiErrorResponses errors, GatewayProperties properties) {
        return RequestChain.registration(
                new WholeRequestBodies(errors, properties.maxBody().toBytes(), properties.bodyTimeout()), "/api/*");
    }

    @Bean(DECORATED_ERROR_BODIES)
    FilterRegistrationBean<DecoratedErrorBodies> decoratedErrorBodies(
            ObjectMapper json, @Value("${vspec.site.url}") String siteUrl) {
        return RequestChain.registration(new DecoratedErrorBodies(json, siteUrl), "/api/*");
    }

    @Bean(SITE_HEADERS)
    FilterRegistrationBean<SiteHeaders> siteHeaders() {
        return RequestChain.registration(new SiteHeaders());
    }

    /**
     * First of the exception resolvers, ahead of Spring's own (its error attributes, then the handlers' advice): a
     * backend that did not answer becomes the gateway's 502 before anything else handles the failure.
     */
    @Bean
    GatewayErrors gatewayErrors(ApiErrorResponses errors) {
        return new GatewayErrors(errors, Ordered.HIGHEST_PRECEDENCE);
    }
}
