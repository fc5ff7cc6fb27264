package dev.vspec.contracts.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * Where a recorded catalog fact came from. Every catalog command and event carries one, so the event
 * log, the analysts' topic and every answer can say which import file, vendor or vPIC release said what.
 *
 * @param kind           {@code import} (a catalog file), {@code vendor} (a catalog vendor asked during an
 *                       enrichment), {@code epa} (the EPA's fuel-economy file), {@code vpic} (NHTSA's vPIC release
 *                       the VIN decoded with) or {@code synthetic} (the benchmark generator)
 * @param name           the file's name, the vendor's name, {@code NHTSA vPIC}, or the generator's seed
 * @param version        the vPIC release's or the EPA file's data date (ISO date); null for other kinds
 * @param sha256         the import file's, EPA file's or vPIC release's SHA-256 (hex); null for a vendor
 * @param responseMillis how long the vendor took to answer; null for other kinds
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FactSource(
        String kind,
        String name,
        @Nullable String version,
        @Nullable String sha256,
        @Nullable Long responseMillis) {

    public static final String IMPORT = "import";
    public static final String VENDOR = "vendor";
    public static final String VPIC = "vpic";
    public static final String SYNTHETIC = "synthetic";
    public static final String EPA = "epa";

    private static final int VENDOR_PRECEDENCE = 3;

    public FactSource {
        if (kind == null
                || !(kind.equals(IMPORT)
                        || kind.equals(VENDOR)
                        || kind.equals(EPA)
                        || kind.equals(VPIC)
                        || kind.equals(SYNTHETIC))) {
            throw new IllegalArgumentException(
                    "a fact's source kind is import, vendor, epa, vpic or synthetic, not " + kind);
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a fact's source needs a name");
        }
    }

    /**
     * The precedence of an event's source, where {@code null} (an event stored before events carried
     * a source, which came from an import or a vendor) ranks as a vendor: vPIC's later decode does not
     * replace it, a vendor's later answer or an import does, as before sources were recorded.
     */
    public static int precedenceOf(FactSource source) {
        return source == null ? VENDOR_PRECEDENCE : source.precedence();
    }

    /**
     * Whether a fact from {@code later} replaces in answers the one {@code earlier} recorded before it: a source
     * of at least the earlier one's precedence ({@link #precedenceOf}), so between equals the later wins.
     */
    public static boolean replaces(FactSource later, FactSource earlier) {
        return precedenceOf(later) >= precedenceOf(earlier);
    }

    /** Refuses a catalog command that does not say where its fact came from. */
    public static void require(FactSource source, String command) {
        if (source == null) {
            throw new IllegalArgumentException(command + " needs a source: the import file, vendor, vPIC release"
                    + " or generator its fact came from");
        }
    }

    public static FactSource importFile(String fileName, String sha256) {
        return new FactSource(IMPORT, fileName, null, sha256, null);
    }

    public static FactSource vendor(String vendorName, long responseMillis) {
        return new FactSource(VENDOR, vendorName, null, null, responseMillis);
    }

    public static FactSource vpic(String dataDate, String releaseSha256) {
        return new FactSource(VPIC, "NHTSA vPIC", dataDate, releaseSha256, null);
    }

    /** The EPA's fuel-economy file, by its name, data date (the newest {@code modifiedOn}) and SHA-256. */
    public static FactSource epa(String fileName, String dataDate, String sha256) {
        return new FactSource(EPA, fileName, dataDate, sha256, null);
    }

    public static FactSource synthetic(String generator) {
        return new FactSource(SYNTHETIC, generator, null, null, null);
    }

    /**
     * Which source's value a group, or a fact of the spec sheet, shows when several recorded one: an operator's file
     * (an import, or the synthetic catalog an operator loaded) 4, over a vendor's answer 3, over the EPA's file 2,
     * over vPIC's decode 1; the event log keeps every one of them. The read tables store it ({@code source_rank}).
     */
    public int precedence() {
        return precedenceOfKind(kind);
    }

    /** {@link #precedence()} by a source's kind; a kind this version does not know ({@code unknown}) as a vendor's. */
    public static int precedenceOfKind(String kind) {
        return switch (kind) {
            case IMPORT, SYNTHETIC -> 4;
            case EPA -> 2;
            case VPIC -> 1;
            default -> VENDOR_PRECEDENCE;
        };
    }
}
