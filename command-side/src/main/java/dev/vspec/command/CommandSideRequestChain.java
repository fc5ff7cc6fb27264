package dev.vspec.command;

import dev.vspec.access.AccessAutoConfiguration;
import dev.vspec.platform.connector.ConnectorAutoConfiguration;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import dev.vspec.platform.web.RequestChain;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What wraps a request to the command side, in the order the request meets it: Tomcat's connector and valves
 * ({@link ConnectorAutoConfiguration}: the client's address read from the gateway's {@code X-Forwarded-For}, the
 * error record for what Tomcat refuses itself), then the servlet filters ({@link #commandSideFilters}) before the
 * write's handler.
 */
@Configuration(proxyBeanMethods = false)
class CommandSideRequestChain {

    @Bean
    static RequestChain commandSideFilters() {
        return RequestChain.outermostFirst(
                ApiWebAutoConfiguration.REQUEST_IDS,
                RequestChain.CHARACTER_ENCODING,
                ApiWebAutoConfiguration.CONCRETE_CONTENT_TYPES,
                RequestChain.OBSERVATION,
                ApiWebAutoConfiguration.REQUEST_LOG,
                ApiWebAutoConfiguration.STRICT_QUERY_STRINGS,
                AccessAutoConfiguration.API_ACCESS,
                RequestChain.REQUEST_CONTEXT);
    }
}
