package dev.vspec.gateway.web;

import dev.vspec.gateway.metrics.ApiRouteTemplates;
import dev.vspec.gateway.metrics.RouteTemplateObservations;
import dev.vspec.gateway.routing.GatewayProperties;
import dev.vspec.infra.connector.RefusalHeaders;
import dev.vspec.infra.web.ApiErrorResponses;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.ObjectMapper;

/**
 * The gateway's own web parts: its error records decorated like those it passes through, CORS,
 * request bodies read in full before a backend is asked, the request id forwarded to backends, what
 * backends say about CORS and the request id dropped, and the website's pages ({@code /docs},
 * {@code /request-access}, {@code /console}) served from {@code static/} with their security headers.
 */
@Configuration(proxyBeanMethods = false)
class GatewayWebConfiguration implements WebMvcConfigurer {

    @Bean
    GatewayCors gatewayCors(@Value("${vspec.sandbox.allowed-origin:${vspec.site.url}}") String sandboxOrigin) {
        return new GatewayCors(sandboxOrigin);
    }

    /** A page can read why Tomcat refused its request, as it reads any other answer. */
    @Bean
    RefusalHeaders gatewayRefusalHeaders(GatewayCors cors) {
        return (request, response) -> cors.allowReading(request.getRequestURI(), request.getHeader(HttpHeaders.ORIGIN), response);
    }

    @Bean
    FilterRegistrationBean<GatewayCors> gatewayCorsFilter(GatewayCors cors) {
        FilterRegistrationBean<GatewayCors> registration = new FilterRegistrationBean<>(cors);
        // after the request id and the request log, before anything answers (infra's query string check is +9)
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 8);
        return registration;
    }

    @Bean
    FilterRegistrationBean<WholeRequestBodies> wholeRequestBodies(ApiErrorResponses errors, GatewayProperties properties) {
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
    FilterRegistrationBean<DecoratedErrorBodies> decoratedErrorBodies(ObjectMapper json, @Value("${vspec.site.url}") String siteUrl) {
        FilterRegistrationBean<DecoratedErrorBodies> registration = new FilterRegistrationBean<>(new DecoratedErrorBodies(json, siteUrl));
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

    @Override
    public void addViewControllers(ViewControllerRegistry pages) {
        pages.addViewController("/").setViewName("forward:/index.html");
        for (String page : new String[] {"docs", "docs/reference", "request-access", "console"}) {
            pages.addViewController("/" + page).setViewName("forward:/" + page + "/index.html");
            pages.addRedirectViewController("/" + page + "/", "/" + page);
        }
    }
}
