package dev.vspec.sandbox.sample;

import static dev.vspec.storage.jooq.sample.Tables.REFERENCE_LOAD;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.access.Sha256;
import dev.vspec.events.axon.EventSerialization;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.projections.runtime.EventReplay;
import dev.vspec.projections.runtime.Projection;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.jooq.DSLContext;
import org.jooq.Name;
import org.jooq.Record1;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Builds schema {@code sample} before the sandbox answers: an event log shaped like
 * {@code events.domainevententry} holding the {@link ReferenceStream}, and one table shaped like
 * each projection's {@code read} table, written by the projections' own handlers over that stream.
 * The query side's read code then answers from it through {@link SampleSchemaMapping}, so the
 * sandbox's answers have the production shape by construction.
 *
 * <p>Instances share the schema: the build runs in one transaction under an advisory lock, and is
 * skipped when {@code sample.reference_load} already names this stream, this projection code and
 * these table shapes. Readers on other instances see the old tables or the new ones, never a
 * half-built one; a build that PostgreSQL picks as a deadlock victim against them is tried again.
 */
@Component
public class SampleSchema implements InitializingBean {

    public static final String SCHEMA = "sample";
    static final String EVENT_TABLE = "domainevententry";
    /** Any constant that no other advisory lock of vspec uses: "vspec-sm" in ASCII. */
    private static final long BUILD_LOCK = 0x7673706563_2d736dL;

    private static final int BUILD_ATTEMPTS = 3;
    /** The code that turns the stream into rows: a change to any of it is a reason to build again. */
    private static final String[] CODE = {"dev/vspec/contracts", "dev/vspec/projections", "dev/vspec/readmodel"};

    private static final Logger log = LoggerFactory.getLogger(SampleSchema.class);

    private final DSLContext db;
    private final List<Projection> projections;
    private final ReferenceStream stream;
    private final TransactionTemplate transactions;

    SampleSchema(
            DSLContext db, List<Projection> projections, ReferenceStream stream, TransactionTemplate transactions) {
        this.db = db;
        this.projections = List.copyOf(projections);
        this.stream = stream;
        this.transactions = transactions;
    }

    @Override
    public void afterPropertiesSet() {
        for (int attempt = 1; ; attempt++) {
            try {
                transactions.executeWithoutResult(status -> build());
                return;
            } catch (PessimisticLockingFailureException e) {
                if (attempt == BUILD_ATTEMPTS) {
                    throw e;
                }
                log.warn(
                        "Building schema sample met a lock conflict with its readers (attempt {}); trying again",
                        attempt);
            }
        }
    }

    private void build() {
        db.fetch("SELECT pg_advisory_xact_lock(?)", BUILD_LOCK);
        String fingerprint = fingerprint();
        String current = db.select(REFERENCE_LOAD.FINGERPRINT)
                .from(REFERENCE_LOAD)
                .fetchOptional(Record1::value1)
                .orElse(null);
        if (fingerprint.equals(current)) {
            log.info(
                    "Schema sample already holds the reference stream ({} events)",
                    stream.events().size());
            return;
        }
        for (Table<?> table : readTables()) {
            recreate(name("read", table.getName()), name(SCHEMA, table.getName()), "INCLUDING ALL");
        }
        // the defaults would draw on the event store's own sequence; the log's rows carry their index
        recreate(name("events", EVENT_TABLE), name(SCHEMA, EVENT_TABLE), "INCLUDING CONSTRAINTS INCLUDING INDEXES");
        appendToLog(db, name(SCHEMA, EVENT_TABLE), stream.events());
        long applications = EventReplay.apply(db, projections, stream.recorded());
        db.insertInto(REFERENCE_LOAD)
                .set(REFERENCE_LOAD.ID, (short) 1)
                .set(REFERENCE_LOAD.FINGERPRINT, fingerprint)
                .set(REFERENCE_LOAD.EVENTS, stream.events().size())
                .onConflict(REFERENCE_LOAD.ID)
                .doUpdate()
                .set(REFERENCE_LOAD.FINGERPRINT, fingerprint)
                .set(REFERENCE_LOAD.EVENTS, stream.events().size())
                .set(REFERENCE_LOAD.LOADED_AT, DSL.currentOffsetDateTime())
                .execute();
        log.info(
                "Built schema sample from the reference stream: {} events, {} projection applications",
                stream.events().size(),
                applications);
    }

    private List<Table<?>> readTables() {
        List<Table<?>> tables = new ArrayList<>();
        projections.forEach(projection -> tables.addAll(projection.tables()));
        return tables;
    }

    private void recreate(Name source, Name target, String including) {
        db.execute("DROP TABLE IF EXISTS {0}", target);
        db.execute("CREATE TABLE {0} (LIKE {1} " + including + ")", target, source);
    }

    /**
     * Appends events to an event table shaped like Axon's, as the command side would have stored
     * them, in order and numbered from 1 (so into an empty table): the sandbox's own log, or (in a
     * test) a live one.
     */
    public static void appendToLog(DSLContext db, Name eventTable, List<ReferenceStream.ReferenceEvent> events) {
        ObjectMapper axonJson = EventSerialization.objectMapper();
        long index = 0;
        for (ReferenceStream.ReferenceEvent event : events) {
            EventEnvelope envelope = event.envelope();
            byte[] payload;
            try {
                payload = axonJson.writeValueAsBytes(event.event());
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot serialize " + envelope.eventType(), e);
            }
            db.insertInto(table(eventTable))
                    .set(field(name("globalindex")), ++index)
                    .set(field(name("eventidentifier")), envelope.eventId())
                    .set(field(name("payload")), payload)
                    .set(field(name("payloadtype")), event.event().getClass().getName())
                    .set(field(name("timestamp")), envelope.occurredAt().toString())
                    .set(field(name("aggregateidentifier")), envelope.aggregateId())
                    .set(field(name("sequencenumber")), envelope.aggregateSequence())
                    .set(field(name("type")), envelope.aggregateType())
                    .execute();
        }
    }

    /** The stream, the code that projects it and the columns of every source table: any change means building again. */
    private String fingerprint() {
        List<String> sources = new ArrayList<>(
                readTables().stream().map(table -> "read." + table.getName()).toList());
        sources.add("events." + EVENT_TABLE);
        String columns = db.fetchValue(
                        "SELECT string_agg(table_schema || '.' || table_name || '.' || column_name || ':' "
                                + "|| data_type || ':' || is_nullable || ':' || coalesce(generation_expression, ''), ',' "
                                + "ORDER BY table_schema, table_name, ordinal_position) FROM information_schema.columns "
                                + "WHERE table_schema || '.' || table_name = ANY({0})",
                        DSL.val(sources.toArray(String[]::new)))
                .toString();
        return Sha256.hex(
                (stream.fingerprint() + "\n" + codeFingerprint() + "\n" + columns).getBytes(StandardCharsets.UTF_8));
    }

    /** SHA-256 over the names and bytes of every class in {@link #CODE}, in name order. */
    private static String codeFingerprint() {
        PathMatchingResourcePatternResolver classpath =
                new PathMatchingResourcePatternResolver(SampleSchema.class.getClassLoader());
        TreeMap<String, String> classes = new TreeMap<>();
        try {
            for (String root : CODE) {
                for (Resource resource : classpath.getResources("classpath*:" + root + "/**/*.class")) {
                    try (InputStream in = resource.getInputStream()) {
                        String url = resource.getURL().toString();
                        classes.put(url.substring(url.indexOf(root)), Sha256.hex(in.readAllBytes()));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the projection code to fingerprint it", e);
        }
        if (classes.isEmpty()) {
            throw new IllegalStateException(
                    "no projection code found on the classpath under " + String.join(", ", CODE));
        }
        return Sha256.hex(classes.toString().getBytes(StandardCharsets.UTF_8));
    }
}
