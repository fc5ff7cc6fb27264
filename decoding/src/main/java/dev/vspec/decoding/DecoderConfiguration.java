package dev.vspec.decoding;

import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The VIN decoder for a deployable that decodes (query side, sandbox, command side): the JVM's shared
 * {@link DecoderSource} for the deployable's database, and the health component {@code vpic}, which holds
 * readiness back while an installed release is still loading. A deployable imports this configuration.
 */
@Configuration(proxyBeanMethods = false)
public class DecoderConfiguration {

    @Bean(destroyMethod = "close")
    DecoderSource decoderSource(
            @Value("${spring.datasource.url}") String url,
            @Value("${spring.datasource.username:}") String user,
            @Value("${spring.datasource.password:}") String password,
            ObjectProvider<Clock> clock) {
        return DecoderSource.shared(url, user, password, clock.getIfAvailable(Clock::systemUTC));
    }

    /** Up with the release answering; up, saying so, when none is installed (decoding answers 503); out of service while loading. */
    @Bean
    HealthIndicator vpicHealthIndicator(DecoderSource decoders) {
        return () -> switch (decoders.state()) {
            case READY ->
                Health.up()
                        .withDetail("release", decoders.release().describedAs())
                        .withDetail("data_date", decoders.release().dataDate().toString())
                        .build();
            case NOT_INSTALLED ->
                Health.up()
                        .withDetail("release", "none installed: run vspec vpic install")
                        .build();
            case LOADING, STARTING ->
                Health.outOfService().withDetail("release", "loading").build();
        };
    }
}
