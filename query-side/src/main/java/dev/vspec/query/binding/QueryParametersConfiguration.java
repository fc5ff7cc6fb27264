package dev.vspec.query.binding;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The start of the read path, in the order a request meets it: every route's query parameters checked
 * ({@link QueryParameterRules}), then the identifier read from them ({@link VehicleIdentifierArgumentResolver}), both
 * before a handler reads anything.
 */
@Configuration(proxyBeanMethods = false)
class QueryParametersConfiguration implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new QueryParameterRules(DocumentedParameters.load()))
                .addPathPatterns("/api/**")
                .order(Ordered.HIGHEST_PRECEDENCE);
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new VehicleIdentifierArgumentResolver());
    }
}
