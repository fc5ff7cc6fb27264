package dev.vspec.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables of docs/architecture.md's "Who owns each schema", read as the tests check them: each role's
 * reads and writes as table patterns ({@code read.*}, {@code access.spent_reads}), each module's schemas.
 */
final class SchemaOwnership {

    static final Path ARCHITECTURE = Path.of("..", "docs", "architecture.md");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    /** A role's row: the tables it may read and those it may write, each {@code schema.table} or {@code schema.*}. */
    record Grants(List<String> reads, List<String> writes) {

        boolean reads(String table) {
            return matches(reads, table);
        }

        boolean writes(String table) {
            return matches(writes, table);
        }

        private static boolean matches(List<String> patterns, String table) {
            String schema = table.substring(0, table.indexOf('.'));
            return patterns.contains(table) || patterns.contains(schema + ".*");
        }
    }

    private SchemaOwnership() {}

    /** Role suffix ({@code query_side}) → its grants. */
    static Map<String, Grants> roles() {
        Map<String, Grants> roles = new LinkedHashMap<>();
        for (List<String> row : table("| Role |")) {
            String role = codes(row.get(0)).get(0).replace("<database>_", "");
            roles.put(role, new Grants(codes(row.get(2)), codes(row.get(3))));
        }
        return roles;
    }

    /** Module → the schemas its code may name. */
    static Map<String, List<String>> modules() {
        Map<String, List<String>> modules = new LinkedHashMap<>();
        for (List<String> row : table("| Module | Schemas")) {
            modules.put(codes(row.get(0)).get(0), codes(row.get(1)));
        }
        return modules;
    }

    /** The rows (cells trimmed) of the first table whose header starts with {@code header}. */
    private static List<List<String>> table(String header) {
        List<String> lines;
        try {
            lines = Files.readAllLines(ARCHITECTURE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int at = 0;
        while (at < lines.size() && !lines.get(at).startsWith(header)) {
            at++;
        }
        if (at == lines.size()) {
            throw new IllegalStateException(ARCHITECTURE + " has no table headed " + header);
        }
        List<List<String>> rows = new ArrayList<>();
        for (int row = at + 2; row < lines.size() && lines.get(row).startsWith("|"); row++) {
            String line = lines.get(row);
            rows.add(Arrays.stream(line.substring(1, line.length() - 1).split("\\|"))
                    .map(String::trim)
                    .toList());
        }
        return rows;
    }

    private static List<String> codes(String cell) {
        List<String> codes = new ArrayList<>();
        Matcher code = CODE.matcher(cell);
        while (code.find()) {
            codes.add(code.group(1));
        }
        return codes;
    }
}
