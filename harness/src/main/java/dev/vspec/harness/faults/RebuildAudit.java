package dev.vspec.harness.faults;

import dev.vspec.cli.projections.RebuildCommand;
import dev.vspec.projections.AllProjections;
import dev.vspec.projections.runtime.TableChecksums;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import picocli.CommandLine;

/**
 * The read tables as the faults left them against clean rebuilds ({@code vspec projections rebuild
 * --all}) from the topic and from the event store: equal checksums, table by table.
 */
final class RebuildAudit {

    /** Each table's checksum as the faults left it, and after each rebuild; a failed rebuild's error. */
    record Outcome(
            Map<String, String> live,
            Map<String, String> fromTopic,
            Map<String, String> fromStore,
            List<String> failures) {

        List<String> violations() {
            List<String> violations = new ArrayList<>(failures);
            live.forEach((table, checksum) -> {
                if (!checksum.equals(fromTopic.get(table)) || !checksum.equals(fromStore.get(table))) {
                    violations.add(
                            table + " differs from a clean rebuild: " + checksum + " live, " + fromTopic.get(table)
                                    + " from the topic, " + fromStore.get(table) + " from the event store");
                }
            });
            return violations;
        }
    }

    private RebuildAudit() {}

    static Outcome of(DataSource dataSource, String databaseUrl, String bootstrap) {
        List<Table<?>> tables = AllProjections.tables();
        List<String> failures = new ArrayList<>();
        Map<String, String> live = TableChecksums.of(DSL.using(dataSource, SQLDialect.POSTGRES), tables);
        List<String> rebuild =
                List.of("--all", "--db-url", databaseUrl, "--db-user", "postgres", "--kafka-bootstrap", bootstrap);
        rebuild(rebuild, failures);
        Map<String, String> fromTopic = TableChecksums.of(DSL.using(dataSource, SQLDialect.POSTGRES), tables);
        List<String> fromStoreArguments = new ArrayList<>(rebuild);
        fromStoreArguments.add("--from-event-store");
        rebuild(fromStoreArguments, failures);
        Map<String, String> fromStore = TableChecksums.of(DSL.using(dataSource, SQLDialect.POSTGRES), tables);
        return new Outcome(live, fromTopic, fromStore, failures);
    }

    private static void rebuild(List<String> arguments, List<String> failures) {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new RebuildCommand())
                .setOut(new PrintWriter(Writer.nullWriter()))
                .setErr(new PrintWriter(err))
                .execute(arguments.toArray(String[]::new));
        if (exit != 0) {
            failures.add("vspec projections rebuild " + String.join(" ", arguments) + " failed: "
                    + err.toString().strip());
        }
    }
}
