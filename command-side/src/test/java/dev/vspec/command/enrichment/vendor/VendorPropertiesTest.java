package dev.vspec.command.enrichment.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.command.enrichment.vendor.VendorProperties.Source;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** Binding of {@code vspec.enrichment.vendor.*} from command-side.yml and its environment variables. */
class VendorPropertiesTest {

    private final ApplicationContextRunner commandSideSettings = new ApplicationContextRunner()
            .withPropertyValues("spring.config.name=command-side")
            .withInitializer(new ConfigDataApplicationContextInitializer())
            .withUserConfiguration(Settings.class);

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(VendorProperties.class)
    static class Settings {}

    @Test
    void byDefaultEnrichmentAsksTheReferenceVendorAndTheHttpSettingsHaveTheirDocumentedDefaults() {
        commandSideSettings.run(context -> {
            VendorProperties vendor = context.getBean(VendorProperties.class);
            assertThat(vendor)
                    .isEqualTo(new VendorProperties(
                            Source.REFERENCE,
                            null,
                            null,
                            Duration.ofSeconds(2),
                            Duration.ofSeconds(5),
                            4,
                            Duration.ofMillis(200),
                            Duration.ofSeconds(5),
                            5,
                            Duration.ofSeconds(30),
                            null));
            assertThat(vendor.longestLookup()).isEqualTo(Duration.ofSeconds(35));
        });
    }

    @Test
    void everySettingHasItsEnvironmentVariable() {
        commandSideSettings
                .withPropertyValues(
                        "VSPEC_VENDOR_SOURCE=http",
                        "VSPEC_VENDOR_URL=https://vendor.example/api/",
                        "VSPEC_VENDOR_TOKEN=t0ken",
                        "VSPEC_VENDOR_CONNECT_TIMEOUT=1s",
                        "VSPEC_VENDOR_REQUEST_TIMEOUT=3s",
                        "VSPEC_VENDOR_MAX_ATTEMPTS=2",
                        "VSPEC_VENDOR_BACKOFF_BASE=100ms",
                        "VSPEC_VENDOR_BACKOFF_CAP=1s",
                        "VSPEC_VENDOR_BREAKER_FAILURE_THRESHOLD=7",
                        "VSPEC_VENDOR_BREAKER_OPEN_DURATION=1m")
                .run(context -> assertThat(context.getBean(VendorProperties.class))
                        .isEqualTo(new VendorProperties(
                                Source.HTTP,
                                "https://vendor.example/api",
                                "t0ken",
                                Duration.ofSeconds(1),
                                Duration.ofSeconds(3),
                                2,
                                Duration.ofMillis(100),
                                Duration.ofSeconds(1),
                                7,
                                Duration.ofMinutes(1),
                                null)));
    }

    @Test
    void theHttpVendorWithoutABaseUrlStopsTheStartupSayingWhatIsMissing() {
        commandSideSettings.withPropertyValues("VSPEC_VENDOR_SOURCE=http").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("vspec.enrichment.vendor.base-url (VSPEC_VENDOR_URL) is required");
        });
    }

    @Test
    void settingsThatCannotWorkAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> http("ftp://vendor.example"))
                .hasMessageContaining("base-url must be an absolute http");
        assertThatThrownBy(() -> http("vendor.example/api")).hasMessageContaining("base-url must be an absolute http");
        assertThatThrownBy(() -> http("https://user:secret@vendor.example"))
                .hasMessageContaining("base-url must not hold credentials")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> http("https://vendor.example/api?key=1")).hasMessageContaining("query");
        assertThatThrownBy(() -> withToken("two words"))
                .hasMessageContaining("token")
                .hasMessageNotContaining("two words");
        assertThatThrownBy(() -> new VendorProperties(
                        Source.HTTP,
                        "https://vendor.example",
                        null,
                        second(),
                        second(),
                        0,
                        second(),
                        second(),
                        1,
                        second(),
                        null))
                .hasMessageContaining("max-attempts must be at least 1");
        assertThatThrownBy(() -> new VendorProperties(
                        Source.HTTP,
                        "https://vendor.example",
                        null,
                        second(),
                        second(),
                        1,
                        second(),
                        Duration.ofMillis(10),
                        1,
                        second(),
                        null))
                .hasMessageContaining("backoff-cap");
        assertThatThrownBy(() -> new VendorProperties(
                        Source.HTTP,
                        "https://vendor.example",
                        null,
                        second(),
                        second(),
                        1,
                        Duration.ofNanos(500_000),
                        second(),
                        1,
                        second(),
                        null))
                .hasMessageContaining("backoff-base must be at least 1ms");
        assertThatThrownBy(() -> new VendorProperties(
                        Source.HTTP,
                        "https://vendor.example",
                        null,
                        Duration.ZERO,
                        second(),
                        1,
                        second(),
                        second(),
                        1,
                        second(),
                        null))
                .hasMessageContaining("connect-timeout");
    }

    @Test
    void theTokenNeverShowsInTheSettingsText() {
        assertThat(withToken("s3cr3t").toString()).doesNotContain("s3cr3t").contains("token=***");
    }

    private static VendorProperties http(String baseUrl) {
        return new VendorProperties(
                Source.HTTP, baseUrl, null, second(), second(), 1, second(), second(), 1, second(), null);
    }

    private static VendorProperties withToken(String token) {
        return new VendorProperties(
                Source.HTTP,
                "https://vendor.example",
                token,
                second(),
                second(),
                1,
                second(),
                second(),
                1,
                second(),
                null);
    }

    private static Duration second() {
        return Duration.ofSeconds(1);
    }
}
