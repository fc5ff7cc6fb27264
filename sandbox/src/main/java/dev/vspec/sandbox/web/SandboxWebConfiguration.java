package dev.vspec.sandbox.web;

import dev.vspec.access.SharedBudgets;
import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.CrossOrigin;
import dev.vspec.platform.web.CrossOriginFilter;
import dev.vspec.platform.web.ErrorDecoration;
import dev.vspec.sandbox.sample.SampleIdentifiers;
import jakarta.servlet.Filter;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;

/**
 * The sandbox's own filters, after the request id and the request log, in this order: CORS (so
 * that every answer, a 429 too, carries the site's allowance), web-platform's query string check (a
 * query carrying a key or not readable is refused before it counts against anything), the limits (every answer carries
 * their headers), read-only (which also ends preflights), and last the move from
 * {@code /api/sample} to the live path the query side's handlers answer.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SandboxProperties.class)
class SandboxWebConfiguration {

    @Bean
    ErrorDecoration sampleErrorDecoration(@Value("${vspec.site.url}") String siteUrl, SampleIdentifiers identifiers) {
        return new SampleErrorDecoration(siteUrl, identifiers);
    }

    @Bean
    FilterRegistrationBean<SandboxLimits> sandboxLimits(
            SharedBudgets budgets, SandboxProperties properties, ApiErrorResponses errors) {
        return registration(new SandboxLimits(budgets, properties, errors, Clock.systemUTC()), 11);
    }

    /**
     * Only the site may call the sandbox from a browser, with the read methods and the API's headers. A preflight
     * passes on, to be counted like any request ({@link SandboxLimits}) and ended by {@link ReadOnly}.
     */
    @Bean
    FilterRegistrationBean<CrossOriginFilter> sandboxCors(SandboxProperties properties) {
        if (properties.allowedOrigin() == null || properties.allowedOrigin().isBlank()) {
            throw new IllegalArgumentException(
                    "vspec.sandbox.allowed-origin is not set: name the site's origin, e.g. https://vspec.example");
        }
        UrlBasedCorsConfigurationSource paths = new UrlBasedCorsConfigurationSource();
        paths.registerCorsConfiguration(
                SandboxPrefix.PREFIX + "/**",
                CrossOrigin.fromOriginOf(properties.allowedOrigin(), ReadOnly.READ_METHODS));
        // before web-platform's query string check (+9), so its refusals are readable by the site too
        return registration(new CrossOriginFilter(paths, false), 8);
    }

    @Bean
    FilterRegistrationBean<ReadOnly> sandboxReadOnly(ApiErrorResponses errors) {
        return registration(new ReadOnly(errors), 12);
    }

    @Bean
    FilterRegistrationBean<SandboxPrefix> sandboxPrefix(ApiErrorResponses errors) {
        return registration(new SandboxPrefix(errors), 13);
    }

    /** After RequestIds (highest precedence) and RequestLog (+5), before everything of the query side. */
    private static <F extends Filter> FilterRegistrationBean<F> registration(F filter, int offset) {
        FilterRegistrationBean<F> registration = new FilterRegistrationBean<>(filter);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + offset);
        return registration;
    }
}
