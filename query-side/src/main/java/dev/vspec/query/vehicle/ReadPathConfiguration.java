package dev.vspec.query.vehicle;

import dev.vspec.infra.decoding.DecoderConfiguration;
import dev.vspec.infra.decoding.DecoderSource;
import java.util.List;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The read path, in the order a request meets it: every route's query parameters checked, the identifier read
 * from them, then the lookups' reads through the configuration cache in front of PostgreSQL and the installed vPIC
 * release. The cache's size is {@code vspec.query.cache.max-size} ({@code VSPEC_QUERY_CACHE_SIZE}; 0 turns it off,
 * none is a quarter of the maximum heap); the listener that keeps it current has a connection of its own to the
 * same database.
 */
@Configuration(proxyBeanMethods = false)
@Import(DecoderConfiguration.class)
class ReadPathConfiguration implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new QueryParameterRules())
                .addPathPatterns("/api/**")
                .order(Ordered.HIGHEST_PRECEDENCE);
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new VehicleIdentifierArgumentResolver());
    }

    @Bean
    ConfigurationCache configurations(
            DSLContext db,
            DataSource dataSource,
            DecoderSource decoders,
            @Value("${vspec.query.cache.max-size:}") String maxSize) {
        return new ConfigurationCache(
                new ConfigurationLookup(db, dataSource, decoders),
                ConfigurationCache.maxBytes(maxSize, Runtime.getRuntime().maxMemory()));
    }

    @Bean
    ReadModelChangeListener readModelChangeListener(
            ConfigurationCache cache,
            @Value("${spring.datasource.url}") String url,
            @Value("${spring.datasource.username:}") String user,
            @Value("${spring.datasource.password:}") String password) {
        return new ReadModelChangeListener(cache, url, user, password);
    }
}
