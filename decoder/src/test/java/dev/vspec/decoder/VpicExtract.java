package dev.vspec.decoder;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The small vPIC extract the unit tests decode with: real NHTSA rows for a few WMIs and model years
 * (1HG, 19X, 2T3, KM8, 1FT, JH2 and 5YJ in 1989, 2003, 2019-2020 and 2022-2023), made by {@code tools/vpic/extract.py} from the
 * pinned release. One line per row: table name, then the values, tab-separated, {@code \N} for NULL.
 */
public final class VpicExtract {

    public static final String RESOURCE = "vpic-extract.tsv.gz";

    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd[ ]['T']HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .optionalStart()
            .appendLiteral('Z')
            .optionalEnd()
            .toFormatter();

    private static volatile VpicIndex index;

    private VpicExtract() {}

    /** The extract's index, built once per JVM. */
    public static VpicIndex index() {
        VpicIndex built = index;
        if (built == null) {
            synchronized (VpicExtract.class) {
                if (index == null) {
                    index = load();
                }
                built = index;
            }
        }
        return built;
    }

    private static VpicIndex load() {
        VpicIndex.Builder builder = new VpicIndex.Builder();
        try (InputStream raw = VpicExtract.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (raw == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath");
            }
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(new GZIPInputStream(raw), StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    row(builder, line.split("\t", -1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return builder.build();
    }

    private static void row(VpicIndex.Builder b, String[] f) {
        switch (f[0]) {
            case "release" ->
                b.release(new VpicRelease(
                        f[1], LocalDate.parse(f[2]), f[3], Instant.parse("2026-11-01T00:00:00Z"), Map.of()));
            case "wmi" ->
                b.wmi(new WmiRow(
                        i(f[1]),
                        f[2],
                        n(f[3]),
                        n(f[4]),
                        n(f[5]),
                        n(f[6]),
                        n(f[7]),
                        f[8].equals("\\N") ? null : micros(f[8])));
            case "wmi_make" -> b.wmiMake(i(f[1]), i(f[2]));
            case "wmi_vin_schema" -> b.wmiSchema(i(f[2]), i(f[3]), i(f[4]), n(f[5]));
            case "vin_schema" -> b.schema(i(f[1]), f[2], !f[3].equals("0"), s(f[4]));
            case "pattern" -> b.pattern(i(f[1]), i(f[2]), f[3], i(f[4]), f[5], micros(f[6]));
            case "element" ->
                b.element(new Element(i(f[1]), f[2], s(f[3]), s(f[4]), s(f[5]), s(f[6]), n(f[7]), !f[8].equals("0")));
            case "lookup" -> b.lookup(f[1], i(f[2]), f[3]);
            case "engine_model" -> b.engineModel(i(f[1]), f[2]);
            case "engine_model_pattern" -> b.engineModelPattern(i(f[1]), i(f[2]), i(f[3]), f[4], micros(f[5]));
            case "make" -> b.make(i(f[1]), f[2]);
            case "model" -> b.model(i(f[1]), f[2]);
            case "make_model" -> b.makeModel(i(f[1]), i(f[2]));
            case "manufacturer" -> b.manufacturer(i(f[1]), f[2]);
            case "conversion" -> b.conversion(i(f[1]), i(f[2]), i(f[3]), f[4]);
            default -> throw new IllegalStateException("unknown table in the extract: " + f[0]);
        }
    }

    /** vPIC's times, as its SQLite file writes them, read as UTC. */
    public static long micros(String text) {
        if (text.equals("\\N")) {
            return Long.MIN_VALUE;
        }
        LocalDateTime time = LocalDateTime.parse(text, TIME);
        return ChronoUnit.MICROS.between(Instant.EPOCH, time.toInstant(ZoneOffset.UTC));
    }

    private static int i(String text) {
        return Integer.parseInt(text);
    }

    private static Integer n(String text) {
        return text.equals("\\N") ? null : Integer.valueOf(text);
    }

    private static String s(String text) {
        return text.equals("\\N") ? null : text;
    }
}
