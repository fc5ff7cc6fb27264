package dev.vspec.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeployableClassLoaderTest {

    @TempDir
    Path dir;

    @Test
    void namesTheJarOfAResourcePlainOrNested() {
        assertThat(DeployableClassLoader.jarName("jar:file:/m2/org/axon/axon-4.jar!/META-INF/spring.factories"))
                .isEqualTo("axon-4.jar");
        assertThat(DeployableClassLoader.jarName(
                        ("jar:nested:/app/vspec.jar/!BOOT-INF/lib/kafka-4.0.jar!/META-INF/spring/x.imports")))
                .isEqualTo("kafka-4.0.jar");
        assertThat(DeployableClassLoader.jarName(("file:/src/web-platform/target/classes/META-INF/spring.factories")))
                .isNull();
    }

    @Test
    void showsTheSpringDeclarationsOfTheDeployablesOwnJarsAloneAndEveryOtherResource() throws IOException {
        Path own = jar(
                "query-side-1.jar",
                Map.of(
                        "META-INF/vspec/deployables/query-side.classpath", "lib/web-1.jar,lib/jooq-1.jar",
                        "META-INF/spring.factories", "own"));
        Path listed = jar("web-1.jar", Map.of("META-INF/spring/a.imports", "web", "META-INF/spring.factories", "web"));
        Path other = jar(
                "axon-1.jar",
                Map.of("META-INF/spring/a.imports", "axon", "META-INF/spring.factories", "axon", "axon.txt", "axon"));
        try (URLClassLoader classpath = new URLClassLoader(
                new URL[] {
                    own.toUri().toURL(), listed.toUri().toURL(), other.toUri().toURL()
                },
                null)) {
            var view = new DeployableClassLoader("query-side", classpath);

            assertThat(Collections.list(view.getResources("META-INF/spring.factories")))
                    .extracting(url -> DeployableClassLoader.jarName(url))
                    .containsExactly("query-side-1.jar", "web-1.jar");
            assertThat(DeployableClassLoader.jarName(view.getResource("META-INF/spring/a.imports")))
                    .isEqualTo("web-1.jar");
            assertThat(view.getResource("axon.txt")).isNotNull();
        }
    }

    @Test
    void refusesADeployableWhoseBuildListedNoClasspath() throws IOException {
        try (URLClassLoader classpath =
                new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            assertThatThrownBy(() -> new DeployableClassLoader("gateway", classpath))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("META-INF/vspec/deployables/gateway.classpath")
                    .hasMessageContaining("rebuild");
        }
    }

    private Path jar(String name, Map<String, String> entries) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            for (var entry : entries.entrySet()) {
                out.putNextEntry(new JarEntry(entry.getKey()));
                out.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }
}
