package dev.vspec.command.eventcatalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The committed catalog in docs/events is exactly what the code generates now, so it cannot drift. */
class EventCatalogIsCurrentTest {

    /** Tests run in the module's directory. */
    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    private static final Path COMMITTED = REPOSITORY.resolve("docs/events");

    @Test
    void docsEventsIsWhatTheCodeGenerates() throws IOException {
        SortedMap<String, String> generated = new EventCatalogGenerator(REPOSITORY).files();
        SortedMap<String, String> committed = new TreeMap<>();
        if (Files.isDirectory(COMMITTED)) {
            try (Stream<Path> files = Files.list(COMMITTED)) {
                for (Path file : files.toList()) {
                    committed.put(file.getFileName().toString(), Files.readString(file));
                }
            }
        }
        String regenerate = "docs/events is out of date with the code; regenerate it from the repository root with "
                + EventCatalogGenerator.REGENERATE + " and commit the result";

        assertThat(committed.keySet()).as(regenerate).containsExactlyElementsOf(generated.keySet());
        for (Map.Entry<String, String> file : generated.entrySet()) {
            assertThat(committed.get(file.getKey()))
                    .as("docs/events/%s: %s", file.getKey(), regenerate)
                    .isEqualTo(file.getValue());
        }
    }
}
