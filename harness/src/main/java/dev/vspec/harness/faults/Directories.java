package dev.vspec.harness.faults;

import dev.vspec.cli.stack.StackException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deletes what the drill made on disk. */
final class Directories {

    private Directories() {}

    static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new StackException("Cannot delete " + dir + ": " + e, e);
        }
    }
}
