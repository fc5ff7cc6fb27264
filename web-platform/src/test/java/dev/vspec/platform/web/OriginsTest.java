package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The one origin the sandbox allows, as browsers spell it in Origin. */
class OriginsTest {

    @Test
    void theAllowedOriginIsSchemeHostAndPortOfTheConfiguredUrl() {
        assertThat(Origins.of("http://127.0.0.1:8080/docs")).isEqualTo("http://127.0.0.1:8080");
        assertThat(Origins.of(" https://vspec.example/ ")).isEqualTo("https://vspec.example");
        // browsers leave the scheme's default port out of Origin
        assertThat(Origins.of("https://vspec.example:443")).isEqualTo("https://vspec.example");
        assertThat(Origins.of("http://vspec.example:80/")).isEqualTo("http://vspec.example");
        assertThat(Origins.of("https://vspec.example:8443")).isEqualTo("https://vspec.example:8443");
    }

    @Test
    void theAllowedOriginIsLowerCaseAsBrowsersSendIt() {
        assertThat(Origins.of("HTTPS://Site.Example")).isEqualTo("https://site.example");
    }

    @Test
    void aRelativeUrlIsNotAnOrigin() {
        assertThatThrownBy(() -> Origins.of("/docs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.site.url");
        assertThatThrownBy(() -> Origins.of("vspec.example"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.site.url");
    }
}
