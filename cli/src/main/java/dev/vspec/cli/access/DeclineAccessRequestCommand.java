package dev.vspec.cli.access;

import dev.vspec.access.AccessRequest;
import dev.vspec.access.AccessRequestStore;
import dev.vspec.access.AccessRequestStore.Declining;
import dev.vspec.cli.console.Messages;
import java.io.PrintWriter;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vspec access-requests decline}: an operator's no, kept with the request so that no key is issued for it. */
@Command(
        name = "decline",
        mixinStandardHelpOptions = true,
        description = {
            "Decline an access request.",
            "The request keeps the time and the reason, and vspec keys issue --from-request refuses it from then"
                    + " on. vspec sends no email: write the reason to the person yourself. A request a key was"
                    + " issued for cannot be declined; revoke the key instead (vspec keys revoke)."
        })
final class DeclineAccessRequestCommand extends AccessCommand {

    @Parameters(paramLabel = "ID", description = "The request's id, as vspec access-requests list shows it.")
    long id;

    @Option(
            names = "--reason",
            required = true,
            paramLabel = "TEXT",
            description = "Why, in one line of at most " + AccessRequestStore.MAX_DECLINE_REASON + " characters, as you"
                    + " also write it to the person; access-requests list shows it.")
    String reason;

    @Override
    int run(PrintWriter out) {
        String why = reason.strip();
        if (why.isEmpty() || why.codePoints().anyMatch(Character::isISOControl)) {
            throw CommandFailure.badInput("Give --reason one line of text, without line breaks or control characters");
        }
        if (why.codePointCount(0, why.length()) > AccessRequestStore.MAX_DECLINE_REASON) {
            throw CommandFailure.badInput(
                    "--reason is at most " + AccessRequestStore.MAX_DECLINE_REASON + " characters");
        }
        Declining outcome;
        try (AccessDatabase database = openDatabase()) {
            outcome = new AccessRequestStore(database.db()).decline(id, why);
        }
        if (outcome instanceof Declining.Declined declined) {
            AccessRequest request = declined.request();
            out.println("Declined access request " + request.id() + " (" + describe(request) + ") at "
                    + TextTable.utcMinutes(request.declinedAt()) + " UTC: " + request.declineReason());
            out.println("vspec sends no email: write to " + request.email() + " yourself.");
        } else if (outcome instanceof Declining.AlreadyDeclined already) {
            out.println("Access request " + id + " was already declined at "
                    + TextTable.utcMinutes(already.request().declinedAt()) + " UTC ("
                    + already.request().declineReason() + "); nothing changed.");
        } else if (outcome instanceof Declining.KeyIssued issued) {
            throw CommandFailure.of("Access request " + id + " was answered with "
                    + (issued.keys().size() == 1 ? "key " : "keys ")
                    + issued.keys().stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + "; a request answered with a key is not declined: revoke the key instead (vspec keys revoke ID)");
        } else {
            throw CommandFailure.of("There is no access request " + id + " (vspec access-requests list shows them)");
        }
        return 0;
    }

    private static String describe(AccessRequest request) {
        return Messages.oneLine(TextTable.text(request.name(), 60)) + ", " + request.email() + ", "
                + request.plan().code() + " plan";
    }
}
