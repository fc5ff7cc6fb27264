package dev.vspec.sandbox.sample;

import org.jooq.conf.MappedSchema;
import org.jooq.conf.RenderMapping;
import org.springframework.boot.jooq.autoconfigure.DefaultConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every jOOQ statement of the sandbox names schema {@code sample} where the code says {@code read},
 * {@code command} or {@code events}: the query side's reads and the projections' writes run unchanged over the
 * sandbox's own tables, and nothing of the sandbox can touch the live ones.
 */
@Configuration(proxyBeanMethods = false)
class SampleSchemaMapping {

    @Bean
    DefaultConfigurationCustomizer readAndEventsAsSample() {
        return configuration -> configuration
                .settings()
                .withRenderMapping(new RenderMapping()
                        .withSchemata(
                                new MappedSchema().withInput("read").withOutput(SampleSchema.SCHEMA),
                                new MappedSchema().withInput("command").withOutput(SampleSchema.SCHEMA),
                                new MappedSchema().withInput("events").withOutput(SampleSchema.SCHEMA)));
    }

    @Bean
    ReferenceStream referenceStream() {
        return ReferenceStream.load();
    }
}
