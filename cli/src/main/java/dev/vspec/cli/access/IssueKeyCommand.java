package dev.vspec.cli.access;

import static dev.vspec.storage.jooq.access.Tables.API_KEY;

import dev.vspec.access.AccessRequest;
import dev.vspec.access.AccessRequestStore;
import dev.vspec.access.ApiKey;
import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.cli.console.Messages;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vspec keys issue}: the one moment a key is shown; afterwards only its prefix is. */
@Command(
        name = "issue",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Issue an API key and print it, this once.",
            "vspec stores only the key's SHA-256: the key cannot be shown again. Give --plan and --owner, or"
                    + " --from-request to issue the key an access request asked for."
        },
        footer = {
            "",
            "Plans: their limits, and the scopes a key of the plan may carry (all of them",
            "unless --scopes narrows the key):",
            "  free        60 requests/minute, 10,000 reads/month",
            "              maintenance:read, labor:read, media:read",
            "  pro         300 requests/minute, 250,000 reads/month",
            "              maintenance:read, labor:read, media:read, service_history:read,",
            "              enrich:write",
            "  scale       1,000 requests/minute, 2,000,000 reads/month",
            "              maintenance:read, labor:read, media:read, service_history:read,",
            "              enrich:write",
            "  enterprise  negotiated limits: --requests-per-minute, --reads-per-month",
            "              maintenance:read, labor:read, media:read, service_history:read,",
            "              enrich:write",
            "",
            AccessCommand.MIGRATES_FIRST
        })
final class IssueKeyCommand extends AccessCommand {

    private static final String SCOPE_CODES =
            Arrays.stream(Scope.values()).map(Scope::code).collect(Collectors.joining(", "));

    @Option(
            names = "--plan",
            order = 1,
            paramLabel = "PLAN",
            description = "The key's plan: free, pro, scale or enterprise (see Plans below)."
                    + " Required, unless --from-request is given: then it defaults to the plan the request asked for.")
    String plan;

    @Option(
            names = "--owner",
            order = 2,
            paramLabel = "TEXT",
            description =
                    "Who the key is for, as listings show it: an email address, a company or both (at most 200 characters)."
                            + " Required, unless --from-request is given: then it defaults to the request's email and company.")
    String owner;

    @Option(
            names = "--scopes",
            order = 3,
            split = ",",
            paramLabel = "SCOPE",
            description = "Narrow the key to these scopes, comma-separated, like maintenance:read,labor:read."
                    + " Each must be one of the plan's (default: all of the plan's scopes).")
    List<String> scopes;

    @Option(
            names = "--requests-per-minute",
            order = 4,
            paramLabel = "N",
            description =
                    "Enterprise keys only, and required for them: the negotiated rate limit, in requests per minute.")
    Long requestsPerMinute;

    @Option(
            names = "--reads-per-month",
            order = 5,
            paramLabel = "N",
            description =
                    "Enterprise keys only, and required for them: the negotiated quota, in reads per calendar month.")
    Long readsPerMonth;

    @Option(
            names = "--from-request",
            order = 6,
            paramLabel = "ID",
            description =
                    "Issue the key for this access request (its id in vspec access-requests list). The key records"
                            + " the request, which then shows as answered; --owner and --plan override what the request says.")
    Long fromRequest;

    @Override
    int run(PrintWriter out) {
        Plan wantedPlan = plan == null
                ? null
                : Plan.parse(plan)
                        .orElseThrow(() -> CommandFailure.badInput(
                                "Unknown plan '" + Messages.oneLine(plan) + "'; the plans are " + Plan.codes()));
        Set<Scope> wantedScopes = scopes();
        if (requestsPerMinute != null && requestsPerMinute > Integer.MAX_VALUE) {
            throw CommandFailure.badInput("--requests-per-minute is at most " + Integer.MAX_VALUE);
        }
        if (fromRequest == null) {
            if (wantedPlan == null || owner == null) {
                throw CommandFailure.badInput("Give --plan and --owner, or --from-request with an access request's id"
                        + " (vspec keys issue --help)");
            }
            NewKey key = newKey(owner, wantedPlan, wantedScopes, null);
            try (AccessDatabase database = openDatabase()) {
                print(out, new ApiKeyStore(database.db()).issue(key));
            }
            return 0;
        }
        try (AccessDatabase database = openDatabase()) {
            record Issued(IssuedKey key, AccessRequest request, List<Long> earlier) {}
            Issued issued = database.db().transactionResult(tx -> {
                // locked until the key is stored, so the request cannot be declined meanwhile
                AccessRequest request = AccessRequestStore.lockedForIssuing(tx.dsl(), fromRequest)
                        .orElseThrow(() -> CommandFailure.of("There is no access request " + fromRequest
                                + " (vspec access-requests list shows them)"));
                if (request.declined()) {
                    throw CommandFailure.of(
                            "Access request " + request.id() + " was declined at "
                                    + TextTable.utcMinutes(request.declinedAt()) + " UTC ("
                                    + Messages.oneLine(request.declineReason())
                                    + "); a declined request is issued no key: give --plan and --owner instead of --from-request to issue one anyway");
                }
                NewKey key = newKey(
                        owner != null ? owner : ownerOf(request),
                        wantedPlan != null ? wantedPlan : request.plan(),
                        wantedScopes,
                        request.id());
                List<Long> earlier = tx.dsl()
                        .select(API_KEY.ID)
                        .from(API_KEY)
                        .where(API_KEY.ACCESS_REQUEST_ID.eq(request.id()))
                        .orderBy(API_KEY.ID)
                        .fetch(API_KEY.ID);
                return new Issued(new ApiKeyStore(tx.dsl()).issue(key), request, earlier);
            });
            AccessRequest request = issued.request();
            List<Long> earlier = issued.earlier();
            print(out, issued.key());
            if (!earlier.isEmpty()) {
                out.println();
                out.println("Note: access request " + request.id() + " had already been answered with "
                        + (earlier.size() == 1 ? "key " : "keys ")
                        + earlier.stream().map(String::valueOf).collect(Collectors.joining(", "))
                        + " (vspec keys list shows whether it is still active).");
            }
        }
        return 0;
    }

    private Set<Scope> scopes() {
        if (scopes == null) {
            return Set.of();
        }
        Set<Scope> parsed = EnumSet.noneOf(Scope.class);
        for (String code : scopes) {
            if (code.isBlank()) {
                continue;
            }
            parsed.add(Scope.parse(code)
                    .orElseThrow(() -> CommandFailure.badInput(
                            "Unknown scope '" + Messages.oneLine(code) + "'; the scopes are " + SCOPE_CODES)));
        }
        return parsed;
    }

    private NewKey newKey(String keyOwner, Plan keyPlan, Set<Scope> keyScopes, Long accessRequestId) {
        try {
            return new NewKey(keyOwner, keyPlan, keyScopes, requestsPerMinute, readsPerMonth, accessRequestId);
        } catch (IllegalArgumentException e) {
            throw CommandFailure.badInput(e.getMessage());
        }
    }

    /** The request's email and, if it named one, its company; the email alone if both would not fit. */
    private static String ownerOf(AccessRequest request) {
        if (request.company() == null || request.company().isBlank()) {
            return request.email();
        }
        String both = request.email() + " (" + request.company().strip() + ")";
        return both.length() <= 200 ? both : request.email();
    }

    private static void print(PrintWriter out, IssuedKey issued) {
        ApiKey key = issued.record();
        out.println("Issued API key " + key.id()
                + ". It is shown only now: vspec keeps only its SHA-256 and cannot show it again.");
        out.println("Hand it to its owner over a private channel. If it is lost, revoke it (vspec keys revoke "
                + key.id() + ") and issue another.");
        out.println();
        out.println("    " + issued.key());
        out.println();
        out.println("  id                   " + key.id());
        out.println("  prefix               " + key.prefix() + "…");
        out.println("  owner                " + Messages.oneLine(key.owner()));
        out.println("  plan                 " + key.plan());
        out.println("  scopes               "
                + key.scopes().stream().sorted().map(Scope::code).collect(Collectors.joining(", ")));
        out.println("  requests per minute  " + TextTable.number(key.requestsPerMinute()));
        out.println("  reads per month      " + TextTable.number(key.readsPerMonth()));
        if (key.accessRequestId() != null) {
            out.println("  access request       " + key.accessRequestId());
        }
    }
}
