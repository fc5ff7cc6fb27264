package dev.vspec.query.web;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * HTTP caching of the API: the {@link CachePolicy}'s {@code Cache-Control} on every GET, and an ETag
 * on every successful one with 304 for a matching {@code If-None-Match}, or without one for an
 * {@code If-Modified-Since} no earlier than the answer's {@link LastModified}: the hash of the answer's
 * bytes ({@link HashedBodyEtagFilter}), unless the route set its own (the image keeps its SHA-256).
 * Errors and {@link Freshness#NO_STORE} answers are {@code no-store}, which the ETag filter leaves without one.
 */
@Configuration(proxyBeanMethods = false)
class HttpCachingConfiguration implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new CacheControlInterceptor()).addPathPatterns("/api/**");
    }

    @Bean
    FilterRegistrationBean<HashedBodyEtagFilter> etagFilter() {
        FilterRegistrationBean<HashedBodyEtagFilter> registration =
                new FilterRegistrationBean<>(new HashedBodyEtagFilter());
        registration.addUrlPatterns("/api/*");
        registration.setName("etagFilter");
        return registration;
    }
}
