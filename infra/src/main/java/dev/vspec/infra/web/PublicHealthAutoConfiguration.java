package dev.vspec.infra.web;

import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointWebExtension;
import org.springframework.context.annotation.Bean;

/** Health on the public port ({@link PublicHealth}) whenever the actuator answers on a management port of its own. */
@AutoConfiguration(afterName = "org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration",
        after = ApiWebAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnManagementPort(ManagementPortType.DIFFERENT)
@ConditionalOnBean(HealthEndpointWebExtension.class)
public class PublicHealthAutoConfiguration {

    @Bean
    PublicHealth publicHealth(HealthEndpointWebExtension health, ApiErrorResponses errors) {
        return new PublicHealth(health, errors);
    }
}
