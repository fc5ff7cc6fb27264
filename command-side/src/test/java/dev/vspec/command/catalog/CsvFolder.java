package dev.vspec.command.catalog;

import dev.vspec.access.Sha256;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;

/** A folder of CSV files that a test writes, and what an import of them checks and sends. */
final class CsvFolder {

    private final Path folder;

    CsvFolder(Path folder) {
        this.folder = folder;
    }

    void write(String name, String content) throws IOException {
        Files.writeString(folder.resolve(name), content);
    }

    Resource file(String name) {
        return new FileSystemResource(folder.resolve(name));
    }

    /** The import of these files of the folder. */
    ImportFiles check(String... names) {
        return ImportFiles.check(Stream.of(names).map(this::file).toList());
    }

    /** Every CSV file of a folder, by name. */
    static List<Resource> csvFilesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(".csv"))
                    .sorted()
                    .map(file -> (Resource) new FileSystemResource(file))
                    .toList();
        }
    }

    /** The commands an import sends for one configuration, in order. */
    static List<CatalogCommand> commandsOf(ImportFiles files, String configKey) {
        List<CatalogCommand> commands = new ArrayList<>();
        files.forEachEntry(entry -> {
            if (entry.configKey().equals(configKey)) {
                commands.addAll(entry.commands());
            }
        });
        return commands;
    }

    /** The source an import gives the facts of a file that states none: its name and the SHA-256 of its bytes. */
    static FactSource sourceOf(Path file) throws IOException {
        return FactSource.importFile(file.getFileName().toString(), Sha256.hex(Files.readAllBytes(file)));
    }

    FactSource sourceOf(String name) throws IOException {
        return sourceOf(folder.resolve(name));
    }
}
