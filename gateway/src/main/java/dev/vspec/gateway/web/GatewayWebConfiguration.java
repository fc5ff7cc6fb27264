package dev.vspec.gateway.web;

import dev.vspec.infra.connector.RefusalHeaders;
import dev.vspec.infra.web.ErrorDecoration;
import dev.vspec.infra.web.ErrorDocs;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.ObjectMapper;

/**
 * The gateway's own web parts: its error records decorated like those it passes through, CORS,
 * the request id forwarded to backends, what backends say about CORS and the request id dropped, and the website's pages
 * ({@code /docs}, {@code /request-access}, {@code /console}) served from {@code static/}.
 */
@Configuration(proxyBeanMethods = false)
class GatewayWebConfiguration implements WebMvcConfigurer {

    @Bean
    ErrorDecoration gatewayErrorDecoration(@Value("${vspec.site.url}") String siteUrl) {
        return (error, request) -> error.decorated(ErrorDocs.link(siteUrl, error.error()), error.available());
    }

    @Bean
    GatewayCors gatewayCors(@Value("${vspec.sandbox.allowed-origin:${vspec.site.url}}") String sandboxOrigin) {
        return new GatewayCors(sandboxOrigin);
    }

    @Bean
    FilterRegistrationBean<GatewayCors> gatewayCorsFilter(GatewayCors cors) {
        FilterRegistrationBean<GatewayCors> registration = new FilterRegistrationBean<>(cors);
        // after the request id and the request log, before anything answers
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    @Bean
    FilterRegistrationBean<DecoratedErrorBodies> decoratedErrorBodies(ObjectMapper json, @Value("${vspec.site.url}") String siteUrl) {
        FilterRegistrationBean<DecoratedErrorBodies> registration = new FilterRegistrationBean<>(new DecoratedErrorBodies(json, siteUrl));
        registration.addUrlPatterns("/api/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 11);
        return registration;
    }

    /** A page can read why Tomcat refused its request, as it reads any other answer. */
    @Bean
    RefusalHeaders gatewayRefusalHeaders(GatewayCors cors) {
        return (request, response) -> cors.allowReading(request.getRequestURI(), request.getHeader(HttpHeaders.ORIGIN), response);
    }

    @Bean
    BackendResponseHeaders backendResponseHeaders() {
        return new BackendResponseHeaders();
    }

    @Bean
    ForwardedRequestId forwardedRequestId() {
        return new ForwardedRequestId();
    }

    @Override
    public void addViewControllers(ViewControllerRegistry pages) {
        pages.addViewController("/").setViewName("forward:/index.html");
        for (String page : new String[] {"docs", "request-access", "console"}) {
            pages.addViewController("/" + page).setViewName("forward:/" + page + "/index.html");
            pages.addRedirectViewController("/" + page + "/", "/" + page);
        }
    }
}
