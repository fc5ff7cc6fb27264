package dev.vspec.storage;

/**
 * The notifications the read tables' triggers (migrations V8 and V12) send when a writing transaction
 * commits: on {@link #CHANNEL}, the config_key of each changed row, or {@link #ALL} when a table was
 * emptied. Query-side instances listen to drop what they cache; a rebuild sends {@link #ALL} itself.
 */
public final class ReadChangeNotifications {

    public static final String CHANNEL = "vspec_read_changed";

    /** Every configuration may have changed. */
    public static final String ALL = "*";

    private ReadChangeNotifications() {}
}
