package dev.vspec.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The one origin the sandbox allows, as browsers spell it in Origin. */
class SandboxCorsTest {

    @Test
    void theAllowedOriginIsSchemeHostAndPortOfTheConfiguredUrl() {
        assertThat(SandboxCors.originOf("http://127.0.0.1:8080/docs")).isEqualTo("http://127.0.0.1:8080");
        assertThat(SandboxCors.originOf(" https://vspec.example/ ")).isEqualTo("https://vspec.example");
        // browsers leave the scheme's default port out of Origin
        assertThat(SandboxCors.originOf("https://vspec.example:443")).isEqualTo("https://vspec.example");
        assertThat(SandboxCors.originOf("http://vspec.example:80/")).isEqualTo("http://vspec.example");
        assertThat(SandboxCors.originOf("https://vspec.example:8443")).isEqualTo("https://vspec.example:8443");
    }

    @Test
    void theAllowedOriginIsLowerCaseAsBrowsersSendIt() {
        assertThat(SandboxCors.originOf("HTTPS://Site.Example")).isEqualTo("https://site.example");
    }

    @Test
    void aRelativeUrlIsNotAnOrigin() {
        assertThatThrownBy(() -> SandboxCors.originOf("/docs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.sandbox.allowed-origin");
        assertThatThrownBy(() -> SandboxCors.originOf("vspec.example"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vspec.sandbox.allowed-origin");
    }
}
