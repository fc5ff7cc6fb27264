package dev.vspec.cli.access;

import dev.vspec.access.ApiKey;
import dev.vspec.access.ApiKeyStore;
import dev.vspec.contracts.access.Scope;
import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vspec keys list}: every key ever issued, by its prefix; keys and their hashes are never shown. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = {
            "List every API key issued, revoked ones included.",
            "Oldest first. A key shows as its prefix (vsk_live_ and 8 more characters), which vspec keys revoke"
                    + " also accepts; the key itself and its hash are never shown. Scopes 'all' means every scope of"
                    + " the key's plan. Times are UTC."
        })
final class ListKeysCommand extends AccessCommand {

    @Option(
            names = "--json",
            description =
                    "Print a JSON array (one object per key, scopes spelled out, times ISO-8601 UTC) instead of the table.")
    boolean json;

    /** One key as {@code --json} prints it; {@code revoked_at} is null while the key is active. */
    record KeyRow(
            long id,
            String prefix,
            String owner,
            String plan,
            List<String> scopes,
            long requestsPerMinute,
            long readsPerMonth,
            String createdAt,
            String revokedAt,
            String status) {}

    @Override
    int run(PrintWriter out) {
        List<ApiKey> keys;
        try (AccessDatabase database = openDatabase()) {
            keys = new ApiKeyStore(database.db()).list();
        }
        if (json) {
            JsonListing.print(
                    out,
                    keys.stream()
                            .map(key -> new KeyRow(
                                    key.id(),
                                    key.prefix(),
                                    key.owner(),
                                    key.plan().code(),
                                    key.scopes().stream()
                                            .sorted()
                                            .map(Scope::code)
                                            .toList(),
                                    key.requestsPerMinute(),
                                    key.readsPerMonth(),
                                    key.createdAt().toInstant().toString(),
                                    key.revoked() ? key.revokedAt().toInstant().toString() : null,
                                    key.revoked() ? "revoked" : "active"))
                            .toList());
            return 0;
        }
        if (keys.isEmpty()) {
            out.println("No API keys yet. Issue one with: vspec keys issue --plan free --owner <who it is for>");
            return 0;
        }
        TextTable table = new TextTable(
                "ID>", "PREFIX", "OWNER", "PLAN", "SCOPES", "REQUESTS/MIN>", "READS/MONTH>", "CREATED (UTC)", "STATUS");
        for (ApiKey key : keys) {
            table.row(
                    Long.toString(key.id()),
                    key.prefix() + "…",
                    TextTable.text(key.owner(), 40),
                    key.plan().code(),
                    scopes(key),
                    TextTable.number(key.requestsPerMinute()),
                    TextTable.number(key.readsPerMonth()),
                    TextTable.utcMinutes(key.createdAt()),
                    key.revoked() ? "revoked " + TextTable.utcMinutes(key.revokedAt()) : "active");
        }
        table.print(out);
        return 0;
    }

    private static String scopes(ApiKey key) {
        if (key.scopes().equals(key.plan().scopes())) {
            return "all";
        }
        return key.scopes().stream().sorted().map(Scope::code).collect(Collectors.joining(","));
    }
}
