package dev.vspec.sandbox.sample;

import static dev.vspec.storage.jooq.command.Tables.ENRICHMENT_JOB;
import static dev.vspec.storage.jooq.sample.Tables.REFERENCE_LOAD;
import static org.jooq.impl.DSL.name;

import dev.vspec.access.Sha256;
import dev.vspec.projections.runtime.EventReplay;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.EnrichmentJobState;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * Builds schema {@code sample} before the sandbox answers from the {@link ReferenceStream}: one table shaped like
 * each projection's {@code read} table, written by the projections' own handlers over that stream, and one shaped
 * like {@code command.enrichment_job}, holding the sample jobs folded as the command side folds a job's events.
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
    /** The aggregate type of the enrichment jobs' events, as the command side stores them. */
    private static final String JOB_AGGREGATE = "EnrichmentJob";
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
        recreate(
                name(ENRICHMENT_JOB.getSchema().getName(), ENRICHMENT_JOB.getName()),
                name(SCHEMA, ENRICHMENT_JOB.getName()),
                "INCLUDING ALL");
        keepJobs(db, stream.events());
        // the sample event log of earlier versions, which the job status was read from
        db.execute("DROP TABLE IF EXISTS {0}", name(SCHEMA, "domainevententry"));
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
     * Writes the rows of the enrichment jobs among {@code events} into {@code command.enrichment_job} (or, through the
     * sandbox's schema mapping, its own), as the command side keeps them while it stores the jobs' events: the
     * sandbox's jobs, or (in a test) live ones.
     */
    public static void keepJobs(DSLContext db, List<ReferenceStream.ReferenceEvent> events) {
        Map<String, Optional<EnrichmentJobState>> jobs = new LinkedHashMap<>();
        for (ReferenceStream.ReferenceEvent event : events) {
            if (event.envelope().aggregateType().equals(JOB_AGGREGATE)) {
                String jobId = event.envelope().aggregateId();
                jobs.put(
                        jobId,
                        EnrichmentJobState.apply(
                                jobs.getOrDefault(jobId, Optional.empty()),
                                event.event(),
                                event.envelope().aggregateSequence()));
            }
        }
        jobs.values().forEach(job -> job.ifPresent(kept -> kept.save(db)));
    }

    /** The stream, the code that projects it and the columns of every source table: any change means building again. */
    private String fingerprint() {
        List<String> sources = new ArrayList<>(
                readTables().stream().map(table -> "read." + table.getName()).toList());
        sources.add(ENRICHMENT_JOB.getSchema().getName() + "." + ENRICHMENT_JOB.getName());
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
