package dev.vspec.cli.access;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationVersion;

/**
 * Whether the database already has every vspec migration, told by one query on Flyway's schema history,
 * so that a command on a current schema skips Flyway's start (about half a second). It answers
 * "current" only when it is sure; everything else (a schema behind, a failed or unusual history row,
 * migrations it does not read itself) is Flyway's to judge, as before.
 */
final class SchemaCheck {

    static final String LOCATION = "db/migration";

    /** Flyway's default naming: V, the version (underscores read as dots), two underscores, a description. */
    private static final Pattern VERSIONED = Pattern.compile("V([^_].*?)__.*\\.sql");
    /**
     * Flyway's SQL callback run after every migrate: the deployables' grants, which change no schema, so a
     * command skipping Flyway skips nothing it needs (the next deployable start resets them).
     */
    private static final Pattern AFTER_MIGRATE = Pattern.compile("afterMigrate(__.*)?\\.sql");

    private SchemaCheck() {}

    /**
     * True when every versioned migration on the classpath is applied and nothing else is in the history.
     * Versions the classpath lacks count as current, as Flyway's default (ignoreMigrationPatterns *:future)
     * lets a schema ahead of this vspec be.
     */
    static boolean current(Connection connection, ClassLoader classes) {
        Optional<Set<MigrationVersion>> available = migrations(classes);
        if (available.isEmpty()) {
            return false;
        }
        Optional<Set<MigrationVersion>> applied = applied(connection);
        return applied.isPresent() && applied.get().containsAll(available.get());
    }

    /**
     * The versions of the migrations at {@link #LOCATION}, or empty when there is anything there but
     * versioned SQL migrations and the after-migrate callback (repeatable or Java migrations, other callbacks) or the location cannot be read.
     */
    static Optional<Set<MigrationVersion>> migrations(ClassLoader classes) {
        Set<MigrationVersion> versions = new HashSet<>();
        try {
            Enumeration<URL> locations = classes.getResources(LOCATION);
            while (locations.hasMoreElements()) {
                for (String name : names(locations.nextElement())) {
                    Matcher versioned = VERSIONED.matcher(name);
                    if (versioned.matches()) {
                        versions.add(
                                MigrationVersion.fromVersion(versioned.group(1).replace('_', '.')));
                    } else if ((name.endsWith(".sql")
                                    && !AFTER_MIGRATE.matcher(name).matches())
                            || name.endsWith(".class")) {
                        return Optional.empty();
                    }
                }
            }
        } catch (IOException
                | UncheckedIOException
                | URISyntaxException
                | IllegalArgumentException
                | FlywayException e) {
            // a name Flyway would refuse, or a location this cannot list: Flyway says what is wrong
            return Optional.empty();
        }
        return versions.isEmpty() ? Optional.empty() : Optional.of(versions);
    }

    /** The file names under one location, in a directory or a jar (nested ones too), subdirectories included as Flyway reads them. */
    private static List<String> names(URL location) throws IOException, URISyntaxException {
        List<String> names = new ArrayList<>();
        if ("file".equals(location.getProtocol())) {
            try (Stream<Path> files = Files.walk(Path.of(location.toURI()))) {
                files.filter(Files::isRegularFile)
                        .forEach(file -> names.add(file.getFileName().toString()));
            }
            return names;
        }
        URLConnection opened = location.openConnection();
        if (!(opened instanceof JarURLConnection jar)) {
            throw new IOException("Cannot list " + location);
        }
        String directory = jar.getEntryName() + "/";
        Enumeration<JarEntry> entries = jar.getJarFile().entries();
        while (entries.hasMoreElements()) {
            String entry = entries.nextElement().getName();
            if (entry.startsWith(directory) && !entry.endsWith("/")) {
                names.add(entry.substring(entry.lastIndexOf('/') + 1));
            }
        }
        return names;
    }

    /** The versions applied, or empty unless the history has only successful versioned SQL migrations. */
    private static Optional<Set<MigrationVersion>> applied(Connection connection) {
        try {
            String schema = connection.getSchema();
            if (schema == null) {
                return Optional.empty();
            }
            Set<MigrationVersion> versions = new HashSet<>();
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(
                            "select version, type, success from " + quoted(schema) + ".flyway_schema_history")) {
                while (rows.next()) {
                    String version = rows.getString(1);
                    if (version == null || !"SQL".equals(rows.getString(2)) || !rows.getBoolean(3)) {
                        return Optional.empty();
                    }
                    versions.add(MigrationVersion.fromVersion(version));
                }
            }
            return Optional.of(versions);
        } catch (SQLException e) {
            // no history table yet, or none this user may read: Flyway explains
            return Optional.empty();
        }
    }

    private static String quoted(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
