package dev.vspec.cli.access;

import static dev.vspec.storage.jooq.access.Tables.API_KEY;

import dev.vspec.access.AccessRequest;
import dev.vspec.access.AccessRequestStore;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vspec access-requests list}: the submissions, and which of them a key already answers. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = {
            "List the request-access form's submissions.",
            "Oldest first, each with its ANSWER: waiting, the ids of the keys issued for it (revoked keys included),"
                    + " or declined (with the reason in --json). Times are UTC; the intended use is cut to 60 characters."
        })
final class ListAccessRequestsCommand extends AccessCommand {

    @Option(
            names = "--json",
            description = "Print a JSON array (one object per request, the intended use and a decline's"
                    + " reason in full, times ISO-8601 UTC) instead of the table.")
    boolean json;

    /** One submission as {@code --json} prints it, with the ids of the keys issued from it. */
    record RequestRow(
            long id,
            String submittedAt,
            String name,
            String email,
            String company,
            String plan,
            String intendedUse,
            List<Long> keys,
            String declinedAt,
            String declineReason) {}

    @Override
    int run(PrintWriter out) {
        List<AccessRequest> requests;
        Map<Long, List<Long>> keysByRequest;
        try (AccessDatabase database = openDatabase()) {
            requests = new AccessRequestStore(database.db()).list();
            keysByRequest = database.db()
                    .select(API_KEY.ACCESS_REQUEST_ID, API_KEY.ID)
                    .from(API_KEY)
                    .where(API_KEY.ACCESS_REQUEST_ID.isNotNull())
                    .orderBy(API_KEY.ID)
                    .fetchGroups(API_KEY.ACCESS_REQUEST_ID, API_KEY.ID);
        }
        if (json) {
            JsonListing.print(
                    out,
                    requests.stream()
                            .map(request -> new RequestRow(
                                    request.id(),
                                    request.submittedAt().toInstant().toString(),
                                    request.name(),
                                    request.email(),
                                    request.company(),
                                    request.plan().code(),
                                    request.intendedUse(),
                                    keysByRequest.getOrDefault(request.id(), List.of()),
                                    request.declined()
                                            ? request.declinedAt().toInstant().toString()
                                            : null,
                                    request.declineReason()))
                            .toList());
            return 0;
        }
        if (requests.isEmpty()) {
            out.println("No access requests yet.");
            return 0;
        }
        TextTable table =
                new TextTable("ID>", "SUBMITTED (UTC)", "NAME", "EMAIL", "COMPANY", "PLAN", "INTENDED USE", "ANSWER");
        for (AccessRequest request : requests) {
            List<Long> keys = keysByRequest.getOrDefault(request.id(), List.of());
            table.row(
                    Long.toString(request.id()),
                    TextTable.utcMinutes(request.submittedAt()),
                    TextTable.text(request.name(), 30),
                    TextTable.text(request.email(), 40),
                    request.company() == null ? "" : TextTable.text(request.company(), 30),
                    request.plan().code(),
                    TextTable.text(request.intendedUse(), 60),
                    answer(request, keys));
        }
        table.print(out);
        out.println();
        out.println("Issue a key for a request with: vspec keys issue --from-request ID");
        out.println("Decline one with: vspec access-requests decline ID --reason TEXT");
        return 0;
    }

    private static String answer(AccessRequest request, List<Long> keys) {
        if (!keys.isEmpty()) {
            return (keys.size() == 1 ? "key " : "keys ")
                    + keys.stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
        return request.declined() ? "declined " + TextTable.utcMinutes(request.declinedAt()) : "waiting";
    }
}
