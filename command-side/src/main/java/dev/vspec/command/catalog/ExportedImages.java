package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.ExteriorImageCached;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.springframework.util.FileSystemUtils;

/** The images of an export: each a file {@code images/<config_key>.<ext>} beside the catalog, as its path says. */
final class ExportedImages {

    static final String FOLDER = "images";

    private ExportedImages() {}

    /** Writes the image of configuration {@code configKey} into the export's folder; answers its path there. */
    static String write(Path export, String configKey, ExteriorImageCached image) throws IOException {
        String path = FOLDER + "/" + configKey + "." + extension(image.contentType());
        Files.createDirectories(export.resolve(FOLDER));
        Files.write(export.resolve(path), image.image(), StandardOpenOption.CREATE_NEW);
        return path;
    }

    /** Takes away the images an unfinished export wrote. */
    static void remove(Path export) throws IOException {
        FileSystemUtils.deleteRecursively(export.resolve(FOLDER));
    }

    /** {@code image/svg+xml} is {@code svg}, {@code image/jpeg} {@code jpg}; any other its subtype, made a file name. */
    static String extension(String contentType) {
        String subtype = contentType.substring(contentType.indexOf('/') + 1);
        return switch (subtype) {
            case "svg+xml" -> "svg";
            case "jpeg" -> "jpg";
            default -> subtype.replaceAll("[^a-z0-9]+", "-");
        };
    }
}
