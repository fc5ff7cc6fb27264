package dev.vspec.contracts.recalls;

import java.time.LocalDate;
import org.jspecify.annotations.Nullable;

/**
 * The NHTSA recalls file a recall was read from: its name, the SHA-256 of its bytes as the operator imported them
 * (the {@code .txt} or its {@code .zip}), and its data date, the newest report-received date ({@code RCDATE}) in it.
 */
public record RecallSource(
        String file, String sha256, @Nullable LocalDate dataDate) {

    public static final String PUBLISHER = "NHTSA";

    public RecallSource {
        if (file == null || file.isBlank() || sha256 == null || !sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a recall's source names its file and the file's SHA-256 (hex)");
        }
    }

    /** Who published the file: NHTSA, always; carried so that the source reads on its own. */
    public String publisher() {
        return PUBLISHER;
    }
}
