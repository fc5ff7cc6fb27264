package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Each module's main code names the jOOQ classes of exactly the schemas docs/architecture.md gives it. */
class SchemaOwnershipTest {

    private static final Path REPOSITORY = Path.of("..");
    private static final Pattern JOOQ_SCHEMA = Pattern.compile("dev\\.vspec\\.storage\\.jooq\\.([a-z_]+)");
    /** The operator's tools work as the schemas' owner, and may name any schema. */
    private static final Set<String> OWNER_TOOLS = Set.of("cli", "harness");

    @Test
    void eachModuleNamesExactlyTheSchemasTheArchitectureGivesIt() {
        Map<String, Set<String>> named = schemasNamedByEachModule();
        Map<String, Set<String>> allowed = new TreeMap<>();
        SchemaOwnership.modules().forEach((module, schemas) -> allowed.put(module, new TreeSet<>(schemas)));

        assertThat(named)
                .as(
                        "each module's schemas, as its code names them, against docs/architecture.md (Who owns each schema)")
                .isEqualTo(allowed);
    }

    @Test
    void theCheckSeesTheModulesThatUseTheDatabase() {
        assertThat(schemasNamedByEachModule())
                .containsKeys("query-side", "projections", "command-side", "sandbox", "access")
                .doesNotContainKeys("gateway", "web-platform");
    }

    /** Module → the schemas whose generated classes its main Java code imports. */
    private static Map<String, Set<String>> schemasNamedByEachModule() {
        Map<String, Set<String>> named = new TreeMap<>();
        try (Stream<Path> modules = Files.list(REPOSITORY)) {
            for (Path module : modules.filter(path -> Files.isDirectory(path.resolve("src/main/java")))
                    .toList()) {
                String name = module.getFileName().toString();
                Set<String> schemas = schemasIn(module.resolve("src/main/java"));
                if (!schemas.isEmpty() && !OWNER_TOOLS.contains(name)) {
                    named.put(name, schemas);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return named;
    }

    private static Set<String> schemasIn(Path sources) throws IOException {
        Set<String> schemas = new TreeSet<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file :
                    files.filter(path -> path.toString().endsWith(".java")).toList()) {
                Matcher schema = JOOQ_SCHEMA.matcher(Files.readString(file));
                while (schema.find()) {
                    schemas.add(schema.group(1));
                }
            }
        }
        return schemas;
    }
}
