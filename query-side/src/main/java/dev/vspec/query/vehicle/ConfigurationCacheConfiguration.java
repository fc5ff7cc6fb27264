package dev.vspec.query.vehicle;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/**
 * The configuration cache ({@code vspec.query.cache.max-size}, {@code VSPEC_QUERY_CACHE_SIZE}; 0
 * turns it off) and the listener that keeps it current, on a connection of its own to the same
 * database.
 */
@Configuration(proxyBeanMethods = false)
class ConfigurationCacheConfiguration {

    @Bean
    ConfigurationCache configurationCache(@Value("${vspec.query.cache.max-size:256MB}") DataSize maxSize) {
        return new ConfigurationCache(maxSize.toBytes());
    }

    @Bean
    ReadModelChangeListener readModelChangeListener(ConfigurationCache cache, @Value("${spring.datasource.url}") String url,
            @Value("${spring.datasource.username:}") String user, @Value("${spring.datasource.password:}") String password) {
        return new ReadModelChangeListener(cache, url, user, password);
    }
}
