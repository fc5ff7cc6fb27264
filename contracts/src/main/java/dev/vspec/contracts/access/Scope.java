package dev.vspec.contracts.access;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The permissions a key carries, as the specification names them. */
public enum Scope {
    MAINTENANCE_READ("maintenance:read"),
    LABOR_READ("labor:read"),
    MEDIA_READ("media:read"),
    SERVICE_HISTORY_READ("service_history:read"),
    ENRICH_WRITE("enrich:write");

    private final String code;

    Scope(String code) {
        this.code = code;
    }

    /** The name as keys, messages and the CLI spell it, e.g. {@code labor:read}. */
    public String code() {
        return code;
    }

    public static Optional<Scope> parse(String code) {
        String wanted = code.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(scope -> scope.code.equals(wanted))
                .findFirst();
    }

    @Override
    public String toString() {
        return code;
    }
}
