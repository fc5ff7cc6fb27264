package dev.vspec.cli.access;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec keys}: the API keys that callers of {@code /api} present, issued and revoked by an operator. */
@Command(
        name = "keys",
        mixinStandardHelpOptions = true,
        description = {
            "Issue, list and revoke API keys.",
            "A caller of /api sends its key in the Authorization header (Bearer <key>) or in X-API-Key. vspec stores"
                    + " only the key's SHA-256, so a key is shown once, when it is issued, and never again."
        },
        subcommands = {IssueKeyCommand.class, ListKeysCommand.class, RevokeKeyCommand.class},
        footer = {
            "",
            "Examples:",
            "  vspec keys issue --plan pro --owner 'jane@example.com (Acme)'",
            "  vspec keys issue --plan free --owner ops@example.com \\",
            "      --scopes maintenance:read,labor:read",
            "  vspec keys issue --plan enterprise --owner Initech \\",
            "      --requests-per-minute 5000 --reads-per-month 50000000",
            "  vspec keys issue --from-request 7    (ids: vspec access-requests list)",
            "  vspec keys list",
            "  vspec keys revoke vsk_live_AbCdEfGh",
            "",
            "Each command works on the stack's database: --db-url and --db-user, by default",
            "VSPEC_DB_URL and VSPEC_DB_USER or the local stack's; the password comes from",
            "VSPEC_DB_PASSWORD. 'vspec keys COMMAND --help' explains each option."
        })
public final class ApiKeysCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
