package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.enrichment.vendor.HttpCatalogSource;
import dev.vspec.command.enrichment.vendor.ReferenceCatalogSource;
import dev.vspec.command.enrichment.vendor.VendorProperties;
import dev.vspec.command.enrichment.vendor.VendorProperties.Source;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.RetryRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.core.io.DefaultResourceLoader;

class EnrichmentConfigurationTest {

    @Test
    void theVendorSourceSettingChoosesTheCatalogSource() {
        EnrichmentConfiguration configuration = new EnrichmentConfiguration();

        assertThat(configuration.catalogSource(
                        new DefaultResourceLoader(),
                        vendor(Source.REFERENCE, null),
                        CircuitBreakerRegistry.ofDefaults(),
                        RetryRegistry.ofDefaults(),
                        meters(new SimpleMeterRegistry()),
                        ReferenceCatalogSource.SHIPPED))
                .isInstanceOf(ReferenceCatalogSource.class);
        assertThat(configuration.catalogSource(
                        new DefaultResourceLoader(),
                        vendor(Source.HTTP, "http://127.0.0.1:9"),
                        CircuitBreakerRegistry.ofDefaults(),
                        RetryRegistry.ofDefaults(),
                        meters(new SimpleMeterRegistry()),
                        ReferenceCatalogSource.SHIPPED))
                .isInstanceOf(HttpCatalogSource.class);
    }

    /** The HTTP vendor's breaker shows in health (up in every state) and in metrics, named as the README says. */
    @Test
    void theHttpVendorsBreakerIsInHealthAndMetrics() {
        EnrichmentConfiguration configuration = new EnrichmentConfiguration();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        CircuitBreakerRegistry breakers = configuration.circuitBreakers(meters(meters));
        HttpCatalogSource source = (HttpCatalogSource) configuration.catalogSource(
                new DefaultResourceLoader(),
                vendor(Source.HTTP, "http://127.0.0.1:9"),
                breakers,
                RetryRegistry.ofDefaults(),
                meters(meters),
                ReferenceCatalogSource.SHIPPED);
        HealthIndicator health = configuration.catalogVendorHealthIndicator(source);

        assertThat(health.health().getDetails()).containsEntry("circuit_breaker", "closed");
        assertThat(state(meters, "closed")).isEqualTo(1);
        source.circuitBreaker().transitionToOpenState();

        assertThat(health.health().getStatus())
                .as("an open breaker fails enrichments fast; the side still works")
                .isEqualTo(Status.UP);
        assertThat(health.health().getDetails()).containsEntry("circuit_breaker", "open");
        assertThat(state(meters, "open")).isEqualTo(1);
        assertThat(state(meters, "closed")).isZero();
        assertThat(configuration
                        .catalogVendorHealthIndicator(configuration.catalogSource(
                                new DefaultResourceLoader(),
                                vendor(Source.REFERENCE, null),
                                breakers,
                                RetryRegistry.ofDefaults(),
                                meters(meters),
                                ReferenceCatalogSource.SHIPPED))
                        .health()
                        .getDetails())
                .containsKey("vendor");
    }

    /** The HTTP vendor's retry counts lookups in metrics, by how they ended, named as the README says. */
    @Test
    void theHttpVendorsRetryIsInMetrics() {
        EnrichmentConfiguration configuration = new EnrichmentConfiguration();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        RetryRegistry retries = configuration.retries(meters(meters));
        configuration.catalogSource(
                new DefaultResourceLoader(),
                vendor(Source.HTTP, "http://127.0.0.1:9"),
                CircuitBreakerRegistry.ofDefaults(),
                retries,
                meters(meters),
                ReferenceCatalogSource.SHIPPED);
        // the source registered its retry; asking the registry by name would otherwise create one
        assertThat(retries.find(HttpCatalogSource.RETRY)).isPresent();
        retries.retry(HttpCatalogSource.RETRY).executeRunnable(() -> {});

        assertThat(meters.get("resilience4j.retry.calls")
                        .tags("name", HttpCatalogSource.RETRY, "kind", "successful_without_retry")
                        .functionCounter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get("resilience4j.retry.calls")
                        .tags("name", HttpCatalogSource.RETRY)
                        .functionCounters())
                .hasSize(4);
    }

    private static ObjectProvider<MeterRegistry> meters(MeterRegistry meters) {
        return new StaticListableBeanFactory(Map.of("meters", meters)).getBeanProvider(MeterRegistry.class);
    }

    private static double state(SimpleMeterRegistry meters, String state) {
        return meters.get("resilience4j.circuitbreaker.state")
                .tags("name", HttpCatalogSource.BREAKER, "state", state)
                .gauge()
                .value();
    }

    private static VendorProperties vendor(Source source, String baseUrl) {
        Duration second = Duration.ofSeconds(1);
        return new VendorProperties(source, baseUrl, null, second, second, 1, second, second, 1, second, null);
    }
}
