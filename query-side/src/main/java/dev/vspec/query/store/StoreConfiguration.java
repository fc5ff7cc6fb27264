package dev.vspec.query.store;

import dev.vspec.decoding.DecoderConfiguration;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.query.lookup.VinEngines;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The lookups' reads: through the configuration cache in front of PostgreSQL and the installed vPIC release. The
 * cache's size is {@code vspec.query.cache.max-size} ({@code VSPEC_QUERY_CACHE_SIZE}; 0 turns it off, none is a quarter
 * of the maximum heap); the listener that keeps it current has a connection of its own to the same database.
 */
@Configuration(proxyBeanMethods = false)
@Import(DecoderConfiguration.class)
class StoreConfiguration {

    @Bean
    ConfigurationCache configurations(
            DSLContext db,
            DataSource dataSource,
            DecoderSource decoders,
            VinEngines engines,
            @Value("${vspec.query.cache.max-size:}") String maxSize) {
        return new ConfigurationCache(
                new ConfigurationDatabase(db, dataSource, decoders, engines),
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
