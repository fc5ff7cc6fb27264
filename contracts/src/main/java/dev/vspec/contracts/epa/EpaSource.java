package dev.vspec.contracts.epa;

import java.time.LocalDate;
import org.jspecify.annotations.Nullable;

/**
 * The EPA fuel-economy file an entry was read from: its name, the SHA-256 of its bytes as the operator imported them
 * (the {@code .csv} or its {@code .zip}), and its data date, the newest {@code modifiedOn} in it.
 */
public record EpaSource(
        String file, String sha256, @Nullable LocalDate dataDate) {

    public static final String PUBLISHER = "U.S. EPA and DOE (fueleconomy.gov)";

    public EpaSource {
        if (file == null || file.isBlank() || sha256 == null || !sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("an EPA entry's source names its file and the file's SHA-256 (hex)");
        }
    }
}
