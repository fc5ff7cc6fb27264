package dev.vspec.projections;

import dev.vspec.platform.connector.ConnectorAutoConfiguration;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import dev.vspec.platform.web.RequestChain;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What wraps a request to the projections' port, which answers health alone, in the order the request meets it:
 * Tomcat's connector and valves ({@link ConnectorAutoConfiguration}: the error record for what Tomcat refuses itself),
 * then the servlet filters ({@link #projectionsFilters}). Keyless: no access filter.
 */
@Configuration(proxyBeanMethods = false)
class ProjectionsRequestChain {

    @Bean
    static RequestChain projectionsFilters() {
        return RequestChain.outermostFirst(
                ApiWebAutoConfiguration.REQUEST_IDS,
                RequestChain.CHARACTER_ENCODING,
                ApiWebAutoConfiguration.CONCRETE_CONTENT_TYPES,
                RequestChain.OBSERVATION,
                ApiWebAutoConfiguration.REQUEST_LOG,
                ApiWebAutoConfiguration.STRICT_QUERY_STRINGS,
                RequestChain.REQUEST_CONTEXT);
    }
}
