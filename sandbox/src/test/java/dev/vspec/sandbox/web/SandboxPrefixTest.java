package dev.vspec.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SandboxPrefixTest {

    @Test
    void aSandboxPathIsTheLivePathUnderThePrefix() {
        assertThat(SandboxPrefix.livePath("/api/sample/v1/fluids")).isEqualTo("/api/v1/fluids");
        assertThat(SandboxPrefix.livePath("/api/sample/v0/service-history")).isEqualTo("/api/v0/service-history");
    }

    @Test
    void thePrefixItselfIsTheLiveRoot() {
        assertThat(SandboxPrefix.livePath("/api/sample")).isEqualTo("/api/");
        assertThat(SandboxPrefix.livePath("/api/sample/")).isEqualTo("/api/");
    }

    @Test
    void pathsOutsideThePrefixAreNotSandboxPaths() {
        // a longer segment that merely starts with "sample" is another path
        assertThat(SandboxPrefix.livePath("/api/samples/v1/fluids")).isNull();
        assertThat(SandboxPrefix.livePath("/api/v1/fluids")).isNull();
        assertThat(SandboxPrefix.livePath("/")).isNull();
    }

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
