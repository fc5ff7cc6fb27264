package dev.vspec.embeddedpostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who runs the server's programs: the current user, or, when that is root (which PostgreSQL refuses), an
 * unprivileged account ({@code postgres} where the machine has one, else {@code nobody}), through {@code runuser}.
 *
 * @param name the account switched to, or empty to run as the current user
 */
record ServerAccount(Optional<String> name) {

    private static final List<String> UNPRIVILEGED = List.of("postgres", "nobody");

    static ServerAccount current() {
        if (!isRoot()) {
            return new ServerAccount(Optional.empty());
        }
        return UNPRIVILEGED.stream()
                .filter(ServerAccount::exists)
                .findFirst()
                .map(account -> new ServerAccount(Optional.of(account)))
                .orElseThrow(() -> new EmbeddedPostgresException("Run as root, PostgreSQL needs an unprivileged"
                        + " account to run as, and this machine has neither " + String.join(" nor ", UNPRIVILEGED)));
    }

    /** The command line that runs {@code program} as this account. */
    List<String> command(Path program, List<String> arguments) {
        List<String> command = new ArrayList<>();
        name.ifPresent(account -> command.addAll(List.of("runuser", "-u", account, "--")));
        command.add(program.toString());
        command.addAll(arguments);
        return command;
    }

    /** Gives {@code path} to this account (nothing to do when it is the current user). */
    void own(Path path) {
        if (name.isEmpty()) {
            return;
        }
        try {
            Files.setOwner(
                    path, path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(name.get()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot give " + path + " to user " + name.get(), e);
        }
    }

    /** Whether this account may pass through {@code dir} and every directory above it. */
    boolean canReach(Path dir) {
        if (name.isEmpty()) {
            return true;
        }
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            try {
                if (Files.exists(p) && !Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    private static boolean exists(String account) {
        try {
            Path.of("/").getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(account);
            return true;
        } catch (UserPrincipalNotFoundException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
