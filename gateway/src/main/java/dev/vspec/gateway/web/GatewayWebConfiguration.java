package dev.vspec.gateway.web;

import dev.vspec.gateway.metrics.ApiRouteTemplates;
import dev.vspec.gateway.metrics.RouteTemplateObservations;
import dev.vspec.gateway.routing.GatewayProperties;
import dev.vspec.platform.connector.RefusalHeaders;
import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.CrossOrigin;
import dev.vspec.platform.web.CrossOriginFilter;
import java.time.Duration;
import java.util.List;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.CacheControl;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.ObjectMapper;

/**
 * The gateway's own web parts: its error records decorated like those it passes through, CORS,
 * request bodies read in full before a backend is asked, the request id forwarded to backends, what
 * backends say about CORS and the request id dropped, and the website's pages ({@code /docs},
 * {@code /request-access}, {@code /console}) served from {@code static/} with their security headers, and its icon.
 */
@Configuration(proxyBeanMethods = false)
class GatewayWebConfiguration implements WebMvcConfigurer {

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

    /** A page can read why Tomcat refused its request, as it reads any other answer. */
    @Bean
    RefusalHeaders gatewayRefusalHeaders(CrossOriginFilter cors) {
        return (request, response) -> cors.allowReading(request, request.getRequestURI(), response);
    }

    @Bean
    FilterRegistrationBean<CrossOriginFilter> gatewayCorsFilter(CrossOriginFilter cors) {
        FilterRegistrationBean<CrossOriginFilter> registration = new FilterRegistrationBean<>(cors);
        // after the request id and the request log, before anything answers (web-platform's query string check is +9)
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 8);
        return registration;
    }

    @Bean
    FilterRegistrationBean<WholeRequestBodies> wholeRequestBodies(
            ApiErrorResponses errors, GatewayProperties properties) {
        FilterRegistrationBean<WholeRequestBodies> registration = new FilterRegistrationBean<>(
                new WholeRequestBodies(errors, properties.maxBody().toBytes(), properties.bodyTimeout()));
        registration.addUrlPatterns("/api/*");
        // before the error decoration holds answers back: a refusal goes out at once
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    /** No read of a request's body waits longer than the body timeout (the connector's default is a minute). */
    @Bean
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> bodyReadTimeout(GatewayProperties properties) {
        return factory -> factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
                http.setDisableUploadTimeout(false);
                http.setConnectionUploadTimeout((int) properties.bodyTimeout().toMillis());
            }
        });
    }

    @Bean
    SiteHeaders siteHeaders() {
        return new SiteHeaders();
    }

    @Bean
    FilterRegistrationBean<DecoratedErrorBodies> decoratedErrorBodies(
            ObjectMapper json, @Value("${vspec.site.url}") String siteUrl) {
        FilterRegistrationBean<DecoratedErrorBodies> registration =
                new FilterRegistrationBean<>(new DecoratedErrorBodies(json, siteUrl));
        registration.addUrlPatterns("/api/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 11);
        return registration;
    }

    @Bean
    BackendResponseHeaders backendResponseHeaders() {
        return new BackendResponseHeaders();
    }

    @Bean
    RouteTemplateObservations routeTemplateObservations() {
        return new RouteTemplateObservations(ApiRouteTemplates.fromContract());
    }

    @Bean
    ForwardedRequestId forwardedRequestId() {
        return new ForwardedRequestId();
    }

    /**
     * The site's icon, which the pages name ({@code /favicon.svg}) and which browsers and other clients ask for by
     * its conventional name ({@code /favicon.ico}): an image, kept for a day, never the JSON 404 of a path with nothing.
     */
    @Override
    public void addResourceHandlers(ResourceHandlerRegistry resources) {
        resources
                .addResourceHandler("/favicon.ico", "/favicon.svg")
                .addResourceLocations("classpath:/static/")
                .setCacheControl(CacheControl.maxAge(Duration.ofDays(1)).cachePublic());
    }

    @Override
    public void addViewControllers(ViewControllerRegistry pages) {
        pages.addViewController("/").setViewName("forward:/index.html");
        for (String page : new String[] {"docs", "docs/reference", "request-access", "console"}) {
            pages.addViewController("/" + page).setViewName("forward:/" + page + "/index.html");
            pages.addRedirectViewController("/" + page + "/", "/" + page);
        }
    }
}
