package dev.vspec.sandbox.web;

import dev.vspec.infra.access.SharedBudgets;
import dev.vspec.infra.web.ApiErrorResponses;
import dev.vspec.infra.web.ErrorDecoration;
import dev.vspec.sandbox.sample.SampleIdentifiers;
import jakarta.servlet.Filter;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The sandbox's own filters, after the request id and the request log, in this order: CORS (so
 * that every answer, a 429 too, carries the site's allowance), infra's query string check (a
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
    FilterRegistrationBean<SandboxLimits> sandboxLimits(SharedBudgets budgets, SandboxProperties properties,
            ApiErrorResponses errors) {
        return registration(new SandboxLimits(budgets, new ClientAddress(properties.trustedProxies()), properties, errors,
                Clock.systemUTC()), 11);
    }

    @Bean
    FilterRegistrationBean<SandboxCors> sandboxCors(SandboxProperties properties) {
        // before infra's query string check (+9), so its refusals are readable by the site too
        return registration(new SandboxCors(properties.allowedOrigin()), 8);
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
