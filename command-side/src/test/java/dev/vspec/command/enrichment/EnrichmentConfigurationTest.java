package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.enrichment.vendor.HttpCatalogSource;
import dev.vspec.command.enrichment.vendor.VendorProperties;
import dev.vspec.command.enrichment.vendor.VendorProperties.Source;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.DefaultResourceLoader;

class EnrichmentConfigurationTest {

    @Test
    void theVendorSourceSettingChoosesTheCatalogSource() {
        EnrichmentConfiguration configuration = new EnrichmentConfiguration();

        assertThat(configuration.catalogSource(new DefaultResourceLoader(), vendor(Source.REFERENCE, null), ReferenceCatalogSource.SHIPPED))
                .isInstanceOf(ReferenceCatalogSource.class);
        assertThat(configuration.catalogSource(new DefaultResourceLoader(), vendor(Source.HTTP, "http://127.0.0.1:9"), ReferenceCatalogSource.SHIPPED))
                .isInstanceOf(HttpCatalogSource.class);
    }

    private static VendorProperties vendor(Source source, String baseUrl) {
        Duration second = Duration.ofSeconds(1);
        return new VendorProperties(source, baseUrl, null, second, second, 1, second, second, 1, second, null);
    }
}
