package dev.vspec.cli.projections;

import com.zaxxer.hikari.HikariDataSource;
import dev.vspec.cli.console.DatabaseOptions;
import dev.vspec.cli.console.Messages;
import dev.vspec.projections.AllProjections;
import dev.vspec.projections.runtime.TableChecksums;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code vspec projections checksums}: fingerprints of the read tables, to compare two databases or two rebuilds. */
@Command(
        name = "checksums",
        mixinStandardHelpOptions = true,
        description = {
            "Print each read table's row count and an order-independent hash of its rows.",
            "Equal lines mean equal contents: compare two rebuilds, or two databases."
        })
public final class ChecksumsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    DatabaseOptions database = new DatabaseOptions();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<Table<?>> tables = AllProjections.tables();
        try (HikariDataSource dataSource = database.connect("checksums")) {
            TableChecksums.of(DSL.using(dataSource, SQLDialect.POSTGRES), tables)
                    .forEach((table, checksum) -> out.printf("%-36s %s%n", table, checksum));
            out.flush();
            return 0;
        } catch (DataAccessException e) {
            return Messages.fail(spec, "The database failed: " + Messages.root(e));
        } catch (IllegalStateException e) {
            return Messages.fail(spec, Messages.oneLine(e.getMessage()));
        } catch (RuntimeException e) {
            return Messages.fail(spec, database.cannotConnect(e));
        }
    }
}
