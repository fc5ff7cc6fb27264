package dev.vspec.gateway.web;

import dev.vspec.gateway.metrics.ApiRouteTemplates;
import dev.vspec.gateway.metrics.RouteTemplateObservations;
import dev.vspec.gateway.routing.GatewayProperties;
import dev.vspec.platform.connector.RefusalHeaders;
import dev.vspec.platform.web.CrossOriginFilter;
import java.time.Duration;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The gateway's own web parts beside its request chain ({@link GatewayRequestChain}): what Tomcat refuses readable by
 * a page, the request id forwarded to backends, what backends say about CORS and the request id dropped, no body read
 * longer than the body timeout, and the website's pages ({@code /docs}, {@code /request-access}, {@code /console})
 * served from {@code static/}, and its icon.
 */
@Configuration(proxyBeanMethods = false)
class GatewayWebConfiguration implements WebMvcConfigurer {

    /** A page can read why Tomcat refused its request, as it reads any other answer. */
    @Bean
    RefusalHeaders gatewayRefusalHeaders(CrossOriginFilter cors) {
        return (request, response) -> cors.allowReading(request, request.getRequestURI(), response);
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
