package dev.vspec.cli.access;

import dev.vspec.infra.access.ApiKey;
import dev.vspec.infra.access.ApiKeyStore;
import dev.vspec.infra.access.Scope;
import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;

/** {@code vspec keys list}: every key ever issued, by its prefix; keys and their hashes are never shown. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List every API key issued, revoked ones included.",
                "Oldest first. A key shows as its prefix (vsk_live_ and 8 more characters), which vspec keys revoke"
                        + " also accepts; the key itself and its hash are never shown. Scopes 'all' means every scope of"
                        + " the key's plan. Times are UTC."})
final class ListKeysCommand extends AccessCommand {

    @Override
    int run(PrintWriter out) {
        List<ApiKey> keys;
        try (AccessDatabase database = openDatabase()) {
            keys = new ApiKeyStore(database.db()).list();
        }
        if (keys.isEmpty()) {
            out.println("No API keys yet. Issue one with: vspec keys issue --plan free --owner <who it is for>");
            return 0;
        }
        TextTable table = new TextTable("ID>", "PREFIX", "OWNER", "PLAN", "SCOPES", "REQUESTS/MIN>", "READS/MONTH>",
                "CREATED (UTC)", "STATUS");
        for (ApiKey key : keys) {
            table.row(Long.toString(key.id()), key.prefix() + "…", TextTable.text(key.owner(), 40), key.plan().code(),
                    scopes(key), TextTable.number(key.requestsPerMinute()), TextTable.number(key.readsPerMonth()),
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
