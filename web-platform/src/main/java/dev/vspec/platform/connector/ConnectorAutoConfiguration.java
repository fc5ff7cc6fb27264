package dev.vspec.platform.connector;

import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.context.annotation.Bean;

/** What every vspec deployable's Tomcat answers by itself, and how it holds out against slow and greedy clients. */
@AutoConfiguration(after = ApiWebAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(TomcatServletWebServerFactory.class)
@EnableConfigurationProperties(ConnectorProperties.class)
public class ConnectorAutoConfiguration {

    @Bean
    GuardedConnector guardedConnector(
            ConnectorProperties properties,
            ApiErrorResponses errors,
            ObjectProvider<MeterRegistry> meters,
            ObjectProvider<RefusalHeaders> refusalHeaders) {
        return new GuardedConnector(
                properties,
                errors,
                meters.getIfAvailable(SimpleMeterRegistry::new),
                refusalHeaders.getIfAvailable(() -> RefusalHeaders.NONE));
    }

    @Bean
    TrustedProxies trustedProxies(@Value("${" + TrustedProxies.SETTING + "}") List<String> ranges) {
        return new TrustedProxies(ranges);
    }
}
