package dev.vspec.cli.access;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code vspec access-requests}: what people asked for through the public request-access form. */
@Command(
        name = "access-requests",
        mixinStandardHelpOptions = true,
        description = {
            "The request-access form's submissions.",
            "vspec issues no key by itself: an operator reads the requests and answers one with"
                    + " vspec keys issue --from-request ID, or declines it with vspec access-requests decline ID --reason TEXT."
        },
        subcommands = {ListAccessRequestsCommand.class, DeclineAccessRequestCommand.class})
public final class AccessRequestsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
