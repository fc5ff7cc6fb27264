package dev.vspec.query;

import dev.vspec.access.AccessAutoConfiguration;
import dev.vspec.platform.connector.ConnectorAutoConfiguration;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import dev.vspec.platform.web.RequestChain;
import dev.vspec.query.binding.QueryParameterRules;
import dev.vspec.query.binding.VehicleIdentifierArgumentResolver;
import dev.vspec.query.web.CacheControlInterceptor;
import dev.vspec.query.web.HashedBodyEtagFilter;
import java.util.List;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * What wraps a request to the query side, in the order the request meets it: Tomcat's connector and valves
 * ({@link ConnectorAutoConfiguration}: the client's address read from the gateway's {@code X-Forwarded-For}, the
 * error record for what Tomcat refuses itself), the servlet filters ({@link #querySideFilters}), then, once a handler
 * is chosen, its interceptors ({@link #addInterceptors}) and the arguments it takes ({@link #addArgumentResolvers}).
 */
@Configuration(proxyBeanMethods = false)
public class QuerySideRequestChain implements WebMvcConfigurer {

    static final String ETAG_FILTER = "etagFilter";

    @Bean
    static RequestChain querySideFilters() {
        return RequestChain.outermostFirst(
                ApiWebAutoConfiguration.REQUEST_IDS,
                RequestChain.CHARACTER_ENCODING,
                ApiWebAutoConfiguration.CONCRETE_CONTENT_TYPES,
                RequestChain.OBSERVATION,
                ApiWebAutoConfiguration.REQUEST_LOG,
                ApiWebAutoConfiguration.STRICT_QUERY_STRINGS,
                AccessAutoConfiguration.API_ACCESS,
                RequestChain.REQUEST_CONTEXT,
                ETAG_FILTER);
    }

    /** ETags and conditional GETs, innermost: it hashes the answer as the handler wrote it. */
    @Bean(ETAG_FILTER)
    FilterRegistrationBean<HashedBodyEtagFilter> etagFilter() {
        return RequestChain.registration(new HashedBodyEtagFilter(), "/api/*");
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        addHandlersInterceptors(registry);
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        addHandlersArguments(resolvers);
    }

    /**
     * The interceptors of the query side's handlers, wherever they answer (the sandbox's too): every route's query
     * parameters checked before its handler reads any, then its {@code Cache-Control} set before it runs, so that a
     * 304, which skips the handler's body, carries it too.
     */
    public static void addHandlersInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(QueryParameterRules.asDocumented()).addPathPatterns("/api/**");
        registry.addInterceptor(new CacheControlInterceptor()).addPathPatterns("/api/**");
    }

    /** A handler's {@code VehicleIdentifier}, read from the query string (web-platform's text parameters come first). */
    public static void addHandlersArguments(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new VehicleIdentifierArgumentResolver());
    }
}
