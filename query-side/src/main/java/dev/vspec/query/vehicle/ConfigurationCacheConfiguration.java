package dev.vspec.query.vehicle;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/**
 * The configuration cache ({@code vspec.query.cache.max-size}, {@code VSPEC_QUERY_CACHE_SIZE}; 0
 * turns it off, none is a quarter of the maximum heap, so that a larger heap, or a container's
 * memory, holds a larger catalog) and the listener that keeps it current, on a connection of its
 * own to the same database.
 */
@Configuration(proxyBeanMethods = false)
class ConfigurationCacheConfiguration {

    @Bean
    ConfigurationCache configurationCache(@Value("${vspec.query.cache.max-size:}") String maxSize) {
        return new ConfigurationCache(maxBytes(maxSize, Runtime.getRuntime().maxMemory()));
    }

    /** The configured size, or a quarter of {@code maxHeap} when none is. */
    static long maxBytes(String configured, long maxHeap) {
        return configured == null || configured.isBlank() ? maxHeap / 4 : DataSize.parse(configured.strip()).toBytes();
    }

    @Bean
    ReadModelChangeListener readModelChangeListener(ConfigurationCache cache, @Value("${spring.datasource.url}") String url,
            @Value("${spring.datasource.username:}") String user, @Value("${spring.datasource.password:}") String password) {
        return new ReadModelChangeListener(cache, url, user, password);
    }
}
