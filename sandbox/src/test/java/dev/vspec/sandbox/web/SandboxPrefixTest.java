package dev.vspec.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Sandbox paths and the live paths they stand for. */
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
}
