package dev.vspec.sandbox.web;

import dev.vspec.platform.web.ErrorDecoration;
import dev.vspec.sandbox.sample.SampleIdentifiers;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The sandbox's settings, and its error records, which list what it holds; its filters are its request chain's. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SandboxProperties.class)
class SandboxWebConfiguration {

    @Bean
    ErrorDecoration sampleErrorDecoration(@Value("${vspec.site.url}") String siteUrl, SampleIdentifiers identifiers) {
        return new SampleErrorDecoration(siteUrl, identifiers);
    }
}
