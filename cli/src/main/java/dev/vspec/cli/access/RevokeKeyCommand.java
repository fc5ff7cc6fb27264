package dev.vspec.cli.access;

import dev.vspec.access.ApiKey;
import dev.vspec.access.ApiKeyStore;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code vspec keys revoke}: a key stops working everywhere within the instances' key-cache lifetime. */
@Command(
        name = "revoke",
        mixinStandardHelpOptions = true,
        description = {
            "Revoke an API key, for good.",
            "Every vspec instance refuses it within a few seconds: an instance trusts what it looked up about a key"
                    + " for vspec.access.key-cache-ttl (3 s unless configured otherwise). A revoked key stays in"
                    + " vspec keys list, marked revoked; it cannot be reinstated."
        })
final class RevokeKeyCommand extends AccessCommand {

    @Parameters(
            paramLabel = "KEY",
            description = "The key to revoke: its id or its prefix as vspec keys list shows them (the prefix may be"
                    + " shortened to vsk_live_ and 4 more characters while it names only one key), or the whole key.")
    String reference;

    @Override
    int run(PrintWriter out) {
        // a prefix copied from vspec keys list comes with its ellipsis
        String wanted = reference.strip().replaceFirst("(…|\\.\\.\\.)$", "");
        try (AccessDatabase database = openDatabase()) {
            ApiKeyStore store = new ApiKeyStore(database.db());
            ApiKey before = store.find(wanted);
            if (before.revoked()) {
                out.println("Key " + describe(before) + " was already revoked at "
                        + TextTable.utcMinutes(before.revokedAt()) + " UTC; nothing changed.");
                return 0;
            }
            ApiKey revoked = store.revoke(Long.toString(before.id()));
            out.println(
                    "Revoked key " + describe(revoked) + " at " + TextTable.utcMinutes(revoked.revokedAt()) + " UTC.");
            out.println("Every vspec instance stops accepting it within a few seconds (key lookups are cached for"
                    + " vspec.access.key-cache-ttl, 3 s by default).");
        }
        return 0;
    }

    private static String describe(ApiKey key) {
        return key.id() + " (" + key.prefix() + "…, " + TextTable.text(key.owner(), 60) + ", " + key.plan() + " plan)";
    }
}
