package dev.vspec.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.client.Configuration;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The four packages of the generated clients in {@code target/dist}, as a release publishes them: each names the
 * project's version, the Apache-2.0 licence and the repository, and none holds what openapi-generator writes where it
 * was told nothing (its git placeholders, its own authors and addresses, the document's "development" or its default
 * 1.0.0 as a version). Every file of every package is read, the compiled ones too.
 */
class ClientPackagesIT {

    private static final Pattern PLACEHOLDER = Pattern.compile(
            String.join(
                    "|",
                    "GIT_USER_ID|GIT_REPO_ID",
                    "OpenAPI Generator Community|OpenAPI-Generator Contributors",
                    "team@openapitools\\.org|https?://openapitools\\.org",
                    "\"author\"\\s*:\\s*\"OpenAPI-Generator\"",
                    // the user agent a client sends when told no other
                    "OpenAPI-Generator/",
                    "<groupId>org\\.openapitools</groupId>|openapi-java-client",
                    "\\bUnlicense\\b",
                    "(version|document)[^\\n]{0,40}\\bdevelopment\\b|@development\\b|\"development\"",
                    "version\\W{1,5}1\\.0\\.0\\b"),
            Pattern.CASE_INSENSITIVE);
    /**
     * A word each placeholder holds, in lower case: the pattern, slow over megabytes, reads only the lines that hold
     * one.
     */
    private static final List<String> ANCHORS = List.of(
            "git_user_id",
            "git_repo_id",
            "openapi generator community",
            "openapi-generator",
            "openapitools",
            "openapi-java-client",
            "unlicense",
            "development",
            "1.0.0");

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void noPackageHoldsAGeneratorPlaceholder() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path archive : packages()) {
            for (Map.Entry<String, byte[]> file :
                    ClientPackages.contents(archive).entrySet()) {
                // ISO-8859-1 keeps every byte: class files' constants and UTF-8 text read alike for ASCII
                String text = new String(file.getValue(), StandardCharsets.ISO_8859_1);
                for (String line : linesHoldingAnAnchor(text)) {
                    Matcher matcher = PLACEHOLDER.matcher(line);
                    while (matcher.find()) {
                        found.add(archive.getFileName() + "!" + file.getKey() + ": " + matcher.group());
                    }
                }
            }
        }
        assertThat(found)
                .as("generator placeholders in %s", ClientPackages.dist())
                .isEmpty();
    }

    @Test
    void theJarCarriesItsPomWithVersionLicenceAndRepository() throws Exception {
        Map<String, byte[]> jar = ClientPackages.contents(ClientPackages.javaJar());
        byte[] pom = jar.get("META-INF/maven/dev.vspec/vspec-client/pom.xml");
        assertThat(pom).as("the POM inside the jar").isNotNull();
        assertThat(Files.readAllBytes(ClientPackages.javaPom()))
                .as("the POM beside the jar")
                .isEqualTo(pom);

        Document document =
                DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(pom));
        var xpath = XPathFactory.newInstance().newXPath();
        String url = ClientPackages.repositoryUrl();
        assertThat(xpath.evaluate("/project/groupId", document)).isEqualTo("dev.vspec");
        assertThat(xpath.evaluate("/project/artifactId", document)).isEqualTo("vspec-client");
        assertThat(xpath.evaluate("/project/version", document)).isEqualTo(ClientPackages.version());
        assertThat(xpath.evaluate("/project/url", document)).isEqualTo(url);
        assertThat(xpath.evaluate("/project/scm/url", document)).isEqualTo(url);
        assertThat(xpath.evaluate("/project/scm/connection", document)).isEqualTo("scm:git:" + url + ".git");
        assertThat(xpath.evaluate("/project/licenses/license/name", document)).isEqualTo("Apache-2.0");
        assertThat(xpath.evaluate("/project/developers/developer/name", document))
                .isNotBlank();
        assertThat(xpath.evaluate("count(/project/dependencies/dependency/version[starts-with(., '$')])", document))
                .as("every dependency's version filtered")
                .isEqualTo("0");

        assertThat(new String(jar.get("META-INF/MANIFEST.MF"), StandardCharsets.UTF_8))
                .contains("Implementation-Version: " + ClientPackages.version())
                .contains("Automatic-Module-Name: dev.vspec.client");
        assertThat(jar.keySet()).contains("META-INF/LICENSE", "dev/vspec/client/ApiClient.class");
        // a constant of the classes, which the placeholder patterns do not see in a class file
        assertThat(Configuration.VERSION).isEqualTo(ClientPackages.version());
        assertThat(jar.keySet()).allMatch(path -> path.startsWith("META-INF/") || path.startsWith("dev/vspec/client/"));
    }

    @Test
    void theWheelAndTheSdistNameVersionLicenceAndRepository() throws IOException {
        String version = ClientPackages.pythonVersion();
        Map<String, byte[]> wheel = ClientPackages.contents(ClientPackages.wheel());
        String distInfo = "vspec_client-" + version + ".dist-info/";
        assertThat(wheel.keySet()).contains(distInfo + "LICENSE", "vspec_client/__init__.py", "vspec_client/py.typed");
        assertPythonMetadata(wheel.get(distInfo + "METADATA"), version);

        Map<String, byte[]> sdist = ClientPackages.contents(ClientPackages.sdist());
        String root = "vspec_client-" + version + "/";
        assertThat(sdist.keySet())
                .contains(root + "LICENSE", root + "pyproject.toml", root + "vspec_client/__init__.py");
        assertPythonMetadata(sdist.get(root + "PKG-INFO"), version);
    }

    @Test
    void theNpmPackageNamesVersionLicenceAndRepositoryAndHoldsItsCompiledClient() throws IOException {
        Map<String, byte[]> tarball = ClientPackages.contents(ClientPackages.npmTarball());
        JsonNode packageJson = JSON.readTree(tarball.get("package/package.json"));
        String url = ClientPackages.repositoryUrl();
        assertThat(packageJson.path("name").asText()).isEqualTo("vspec-client");
        assertThat(packageJson.path("version").asText()).isEqualTo(ClientPackages.version());
        assertThat(packageJson.path("license").asText()).isEqualTo("Apache-2.0");
        assertThat(packageJson.path("homepage").asText()).isEqualTo(url);
        assertThat(packageJson.path("repository").path("url").asText()).isEqualTo(url + ".git");
        // main, types and module: compiled by the package's build (npm pack's prepare)
        assertThat(tarball.keySet())
                .contains(
                        "package/LICENSE",
                        "package/" + Path.of(packageJson.path("main").asText()).normalize(),
                        "package/" + Path.of(packageJson.path("types").asText()).normalize(),
                        "package/"
                                + Path.of(packageJson.path("module").asText()).normalize());
    }

    /** The lines (at most 200 characters each side) that hold an anchor, each once. */
    private static Set<String> linesHoldingAnAnchor(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        Set<String> lines = new LinkedHashSet<>();
        for (String anchor : ANCHORS) {
            for (int at = lower.indexOf(anchor); at >= 0; at = lower.indexOf(anchor, at + 1)) {
                int start = Math.max(text.lastIndexOf('\n', at) + 1, at - 200);
                int end = text.indexOf('\n', at);
                lines.add(text.substring(start, Math.min(end < 0 ? text.length() : end, at + 200)));
            }
        }
        return lines;
    }

    private static void assertPythonMetadata(byte[] metadata, String version) {
        assertThat(metadata).isNotNull();
        String url = ClientPackages.repositoryUrl();
        assertThat(new String(metadata, StandardCharsets.UTF_8).lines())
                .contains(
                        "Version: " + version,
                        "License: Apache-2.0",
                        "Project-URL: Homepage, " + url,
                        "Project-URL: Repository, " + url);
    }

    private static List<Path> packages() {
        List<Path> packages = List.of(
                ClientPackages.javaJar(),
                ClientPackages.javaPom(),
                ClientPackages.wheel(),
                ClientPackages.sdist(),
                ClientPackages.npmTarball());
        assertThat(packages).allSatisfy(file -> assertThat(file).isRegularFile());
        return packages;
    }
}
