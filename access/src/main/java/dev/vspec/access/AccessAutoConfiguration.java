package dev.vspec.access;

import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.jooq.DSLContext;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * API keys, scopes, rate limits and read quotas for a deployable that serves {@code /api}
 * (command side and query side). On unless {@code vspec.access.enabled=false} (the sandbox is keyless).
 */
@AutoConfiguration(
        afterName = {
            "org.springframework.boot.jooq.autoconfigure.JooqAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"
        },
        after = {ApiWebAutoConfiguration.class, SharedBudgetsAutoConfiguration.class})
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(name = "vspec.access.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(AccessProperties.class)
public class AccessAutoConfiguration {

    /**
     * The access filter's name in each deployable's {@link dev.vspec.platform.web.RequestChain}: it goes before anything
     * that buffers or caches the answer.
     */
    public static final String API_ACCESS = "apiAccessFilter";

    @Bean
    ApiKeyStore apiKeyStore(DSLContext db) {
        return new ApiKeyStore(db);
    }

    @Bean
    AccessRequestStore accessRequestStore(DSLContext db) {
        return new AccessRequestStore(db);
    }

    @Bean
    KeyLookup keyLookup(ApiKeyStore apiKeyStore, AccessProperties properties) {
        return new KeyLookup(apiKeyStore, properties.keyCacheTtl());
    }

    /** Reads the handlers' declared access once every handler is registered; a route that declares none fails the start. */
    @Bean
    RouteAccessHolder routeAccess(@Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping handlers) {
        return new RouteAccessHolder(handlers);
    }

    /**
     * What each key spent this month, as every instance writes it: 20 ms after a read (one statement for all
     * reads meanwhile, so at most 50 a second), read again when older than 250 ms.
     */
    @Bean(destroyMethod = "close")
    MonthlyReadCounts monthlyReadCounts(DSLContext db) {
        return MonthlyReadCounts.start(db, Clock.systemUTC(), Duration.ofMillis(20), Duration.ofMillis(250));
    }

    @Bean(API_ACCESS)
    FilterRegistrationBean<ApiAccessFilter> apiAccessFilter(
            RouteAccessHolder routes,
            KeyLookup keys,
            SharedBudgets budgets,
            MonthlyReadCounts readCounts,
            ApiErrorResponses errors,
            AccessProperties properties) {
        FilterRegistrationBean<ApiAccessFilter> registration = new FilterRegistrationBean<>(
                new ApiAccessFilter(routes::get, keys, budgets, readCounts, errors, properties, Clock.systemUTC()));
        registration.addUrlPatterns("/api/*");
        registration.setName(API_ACCESS);
        return registration;
    }

    static final class RouteAccessHolder implements SmartInitializingSingleton {

        private final RequestMappingHandlerMapping handlers;
        private final AtomicReference<RouteAccess> routes = new AtomicReference<>();

        RouteAccessHolder(RequestMappingHandlerMapping handlers) {
            this.handlers = handlers;
        }

        @Override
        public void afterSingletonsInstantiated() {
            routes.set(new RouteAccess(handlers.getHandlerMethods()));
        }

        RouteAccess get() {
            RouteAccess current = routes.get();
            if (current == null) {
                throw new IllegalStateException("routes are read once the application has started");
            }
            return current;
        }
    }
}
