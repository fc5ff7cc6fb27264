package dev.vspec.projections.runtime;

import static dev.vspec.storage.jooq.read.Tables.PROJECTION_REJECT;

import dev.vspec.storage.ReadChangeNotifications;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import javax.sql.DataSource;
import org.apache.kafka.common.TopicPartition;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.conf.MappedSchema;
import org.jooq.conf.RenderMapping;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.jooq.impl.DataSourceConnectionProvider;
import org.jooq.impl.DefaultConfiguration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The copies one rebuild fills: the chosen projections' tables in schema {@value ShadowTables#SCHEMA},
 * written by the projections' own handlers, whose statements are rendered against the copies. Their
 * batches commit on their own, also while the swap's transaction waits for them, and without waiting
 * for the disk: a crash loses only copies the next rebuild drops anyway.
 */
final class ShadowCopies {

    private final List<Projection> projections;
    private final List<Table<?>> tables;
    private final Executor workers;
    /** Statements on the live schemas that join the caller's transaction. */
    private final DSLContext live;
    /** The same, rendered against the copies. */
    private final DSLContext shadow;

    private final TransactionTemplate transactions;
    private final TransactionTemplate shadowTransactions;

    ShadowCopies(DataSource dataSource, List<Projection> projections, Executor workers) {
        this.projections = List.copyOf(projections);
        this.tables = Projection.tablesOf(projections);
        this.workers = workers;
        TransactionAwareDataSourceProxy joining = new TransactionAwareDataSourceProxy(dataSource);
        this.live = DSL.using(
                new DefaultConfiguration().set(SQLDialect.POSTGRES).set(new DataSourceConnectionProvider(joining)));
        this.shadow = DSL.using(live.configuration()
                .derive(new Settings()
                        .withRenderMapping(new RenderMapping()
                                .withSchemata(new MappedSchema()
                                        .withInput(ShadowTables.LIVE_SCHEMA)
                                        .withOutput(ShadowTables.SCHEMA)))));
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        this.shadowTransactions = new TransactionTemplate(new UnflushedCommits(dataSource));
        shadowTransactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
    }

    List<Projection> projections() {
        return projections;
    }

    /** The projections' names in the order every locker of their offsets takes them, so that none deadlock. */
    List<String> lockOrder() {
        return projections.stream().map(Projection::name).sorted().toList();
    }

    /** The live database, statements joining the caller's transaction. */
    DSLContext db() {
        return live;
    }

    /** The threads that apply batches to the copies side by side. */
    Executor workers() {
        return workers;
    }

    /** Drops whatever an earlier rebuild left and creates empty copies. */
    void create() {
        transactions.executeWithoutResult(status -> ShadowTables.create(live, tables));
    }

    /** Applies a projection's topic records to its copies, with their offsets and rejects, a batch at a time. */
    BatchApplier applier(String projection, RecordReader reader, EventHandlers handlers) {
        return new BatchApplier(projection, reader, handlers, shadow, shadowTransactions);
    }

    /** Applies events from outside the topic to every copy, in one transaction. */
    void apply(List<Recorded> events) {
        if (!events.isEmpty()) {
            shadowTransactions.executeWithoutResult(
                    status -> shadow.batched(connection -> EventReplay.apply(connection.dsl(), projections, events)));
        }
    }

    /** Refreshes the copies' statistics after the batches {@link PlannerStatistics} says. */
    void analyzeAsTheyGrow(int batch) {
        if (PlannerStatistics.due(batch)) {
            transactions.executeWithoutResult(status -> ShadowTables.analyze(live, tables));
        }
    }

    void index() {
        transactions.executeWithoutResult(status -> ShadowTables.index(live, tables));
    }

    /**
     * In the caller's transaction: a projection's live offsets become the copies' (at least what the
     * running consumers had {@code applied}), its rejects the copies' rejects.
     */
    void handOver(String projection, Map<TopicPartition, Long> applied) {
        Map<TopicPartition, Long> next = new HashMap<>(applied);
        ProjectionOffsets.stored(shadow, projection, applied.keySet())
                .forEach((partition, offset) -> next.merge(partition, offset, Math::max));
        ProjectionOffsets.advance(live, projection, next);
        live.deleteFrom(PROJECTION_REJECT)
                .where(PROJECTION_REJECT.PROJECTION.eq(projection))
                .execute();
        live.execute(
                "INSERT INTO {0} SELECT * FROM {1} WHERE projection = {2}",
                PROJECTION_REJECT, DSL.table(DSL.name(ShadowTables.SCHEMA, PROJECTION_REJECT.getName())), projection);
    }

    /**
     * In one transaction: {@code catchUp} applies what came meanwhile (and hands the offsets over), then the copies
     * replace the live tables and the readers hear of it.
     *
     * @return what {@code catchUp} answered: the events it applied
     */
    long swapIn(LongSupplier catchUp) {
        return transactions.execute(status -> {
            long caughtUp = catchUp.getAsLong();
            ShadowTables.swapIn(live, tables);
            live.execute(
                    "SELECT pg_notify({0}, {1})",
                    DSL.inline(ReadChangeNotifications.CHANNEL), DSL.inline(ReadChangeNotifications.ALL));
            return caughtUp;
        });
    }

    void drop() {
        transactions.executeWithoutResult(status -> ShadowTables.drop(live));
    }
}
