package dev.vspec.query.enrichment;

import static dev.vspec.testing.Api.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import dev.vspec.access.ApiKeyStore;
import dev.vspec.access.IssuedKey;
import dev.vspec.access.NewKey;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.enrichment.EnrichmentCompleted;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.enrichment.EnrichmentJoined;
import dev.vspec.contracts.enrichment.EnrichmentScheduled;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.enrichment.SpendEnrichmentRun;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.query.SeededRouteIT;
import dev.vspec.readmodel.EnrichmentJobState;
import dev.vspec.testing.Api;
import dev.vspec.testing.Api.Reply;
import dev.vspec.testing.TestKeys;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/v0/enrich} over HTTP with real keys, over jobs kept exactly as the command side keeps them
 * with their events ({@link StoredJobs}). Each test has its own VINs, so tests share the database.
 */
class EnrichmentStatusIT extends SeededRouteIT {

    private static final String ROUTE = "/api/v0/enrich";
    private static final Instant T0 =
            Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(600);

    private IssuedKey owner;
    private Api asOwner;

    @BeforeEach
    void ownerKey() {
        owner = proKey("enrichment owner");
        asOwner = new Api(port, owner.key());
    }

    /**
     * Completed only once every read route answers the VIN: each read table is its own projection's,
     * so every projection must have applied all the topic held once the job's completion was on it.
     */
    @Test
    void eachPollReadsTheJobAfreshFromScheduledThroughRunningToCompleted() {
        EnrichmentJobId job = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));
        String vin = job.vin().value();
        StoredJobs.store(
                db,
                job.value(),
                0,
                new EnrichmentScheduled(job.value(), vin, owner.record().id(), T0));

        JsonNode scheduled = poll(asOwner, job);
        assertThat(scheduled.path("status").asString()).isEqualTo("scheduled");
        assertThat(scheduled.path("job_id").asString()).isEqualTo(job.value());
        assertThat(scheduled.path("vin").asString()).isEqualTo(vin);
        assertThat(scheduled.path("scheduled_at").asString()).isEqualTo(T0.toString());
        assertThat(scheduled.path("updated_at").asString()).isEqualTo(T0.toString());
        assertThat(scheduled.path("steps").isArray()).isTrue();
        assertThat(scheduled.path("steps").isEmpty()).isTrue();
        assertThat(scheduled.path("poll").asString()).isEqualTo(ROUTE + "?job_id=" + job.value());
        assertThat(scheduled.propertyNames()).doesNotContain("config_key", "error");

        StoredJobs.store(
                db,
                job.value(),
                1,
                new EnrichmentStepCompleted(
                        job.value(), EnrichmentStep.DECODED, "2020 Ford F-150 EcoBoost 4x4", T0.plusSeconds(1)),
                new EnrichmentStepCompleted(
                        job.value(),
                        EnrichmentStep.FOUND_UPSTREAM,
                        "2020-ford-f-150-xlt-2-7-ecoboost-4x4",
                        T0.plusSeconds(2)));
        JsonNode running = poll(asOwner, job);
        assertThat(running.path("status").asString()).isEqualTo("running");
        assertThat(steps(running))
                .containsExactly(
                        "decoded|2020 Ford F-150 EcoBoost 4x4|" + T0.plusSeconds(1),
                        "found_upstream|2020-ford-f-150-xlt-2-7-ecoboost-4x4|" + T0.plusSeconds(2));
        assertThat(running.path("updated_at").asString())
                .isEqualTo(T0.plusSeconds(2).toString());
        assertThat(running.propertyNames()).doesNotContain("config_key", "error");

        StoredJobs.store(
                db,
                job.value(),
                3,
                new EnrichmentStepCompleted(
                        job.value(), EnrichmentStep.CATALOG_RECORDED, "9 catalog commands", T0.plusSeconds(3)),
                new EnrichmentStepCompleted(
                        job.value(),
                        EnrichmentStep.VIN_LINKED,
                        vin + " is 2020-ford-f-150-xlt-2-7-ecoboost-4x4",
                        T0.plusSeconds(4)),
                new EnrichmentCompleted(job.value(), vin, "2020-ford-f-150-xlt-2-7-ecoboost-4x4", T0.plusSeconds(5)));
        JsonNode notYetReadable = poll(asOwner, job);
        assertThat(notYetReadable.path("status").asString())
                .as("completed in the log, not yet in the read tables")
                .isEqualTo("running");
        assertThat(notYetReadable.propertyNames()).doesNotContain("config_key", "error");

        StoredJobs.project(db, vin, "2020-ford-f-150-xlt-2-7-ecoboost-4x4");
        assertThat(poll(asOwner, job).path("status").asString())
                .as("linked, but its completion is not on the topic yet")
                .isEqualTo("running");

        String topic = "vspec.events.test-" + vin;
        StoredJobs.applied(db, "vins", topic, 0, 40);
        StoredJobs.applied(db, "fluids", topic, 0, 40);
        StoredJobs.published(db, job.value(), topic, Map.of(0, 40L, 1, 7L));
        assertThat(poll(asOwner, job).path("status").asString())
                .as("no projection has applied partition 1")
                .isEqualTo("running");
        StoredJobs.applied(db, "vins", topic, 1, 7);
        StoredJobs.applied(db, "fluids", topic, 1, 6);
        assertThat(poll(asOwner, job).path("status").asString())
                .as("the fluids are one record behind on partition 1")
                .isEqualTo("running");

        StoredJobs.applied(db, "fluids", topic, 1, 9);
        JsonNode completed = poll(asOwner, job);
        assertThat(completed.path("status").asString()).isEqualTo("completed");
        assertThat(completed.path("config_key").asString()).isEqualTo("2020-ford-f-150-xlt-2-7-ecoboost-4x4");
        assertThat(completed.has("error")).isFalse();
        assertThat(steps(completed))
                .extracting(step -> step.substring(0, step.indexOf('|')))
                .containsExactly("decoded", "found_upstream", "catalog_recorded", "vin_linked");
        assertThat(completed.path("scheduled_at").asString()).isEqualTo(T0.toString());
        assertThat(completed.path("updated_at").asString())
                .isEqualTo(T0.plusSeconds(5).toString());
    }

    @Test
    void aFailedJobShowsTheErrorCodeAndMessageItFailedWith() {
        EnrichmentJobId job = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));
        String vin = job.vin().value();
        StoredJobs.store(
                db,
                job.value(),
                0,
                new EnrichmentScheduled(job.value(), vin, owner.record().id(), T0),
                new EnrichmentStepCompleted(job.value(), EnrichmentStep.DECODED, "2020 Ford F-150", T0.plusSeconds(1)),
                new EnrichmentFailed(
                        job.value(),
                        vin,
                        ErrorCode.NOT_FOUND,
                        "The catalog vendor does not know VIN " + vin,
                        T0.plusSeconds(2)));

        JsonNode failed = poll(asOwner, job);

        assertThat(failed.path("status").asString()).isEqualTo("failed");
        assertThat(failed.at("/error/code").asString()).isEqualTo("not_found");
        assertThat(failed.at("/error/message").asString()).isEqualTo("The catalog vendor does not know VIN " + vin);
        assertThat(failed.has("config_key")).isFalse();
        assertThat(steps(failed)).containsExactly("decoded|2020 Ford F-150|" + T0.plusSeconds(1));
        assertThat(failed.path("updated_at").asString())
                .isEqualTo(T0.plusSeconds(2).toString());
    }

    @Test
    void byVinAnswersTheNewestAttemptTheKeyMaySee() {
        IssuedKey other = proKey("other enricher");
        Api asOther = new Api(port, other.key());
        EnrichmentJobId first = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));
        EnrichmentJobId second = first.next();
        EnrichmentJobId third = second.next();
        String vin = first.vin().value();
        failedAttempt(first, owner);
        failedAttempt(second, owner);
        StoredJobs.store(
                db,
                third.value(),
                0,
                new EnrichmentScheduled(third.value(), vin, other.record().id(), T0.plusSeconds(60)));

        assertThat(pollVin(asOwner, vin).path("job_id").asString()).isEqualTo(second.value());
        assertThat(pollVin(asOwner, vin.toLowerCase()).path("job_id").asString())
                .isEqualTo(second.value());
        assertThat(pollVin(asOther, vin).path("job_id").asString()).isEqualTo(third.value());

        StoredJobs.store(
                db,
                third.value(),
                1,
                new EnrichmentJoined(third.value(), owner.record().id(), T0.plusSeconds(61)));
        assertThat(pollVin(asOwner, vin).path("job_id").asString()).isEqualTo(third.value());
    }

    @Test
    void anotherKeysJobIs404LikeAJobThatDoesNotExist() {
        EnrichmentJobId job = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));
        StoredJobs.store(
                db,
                job.value(),
                0,
                new EnrichmentScheduled(
                        job.value(), job.vin().value(), owner.record().id(), T0));
        Api stranger = new Api(port, proKey("stranger").key());
        EnrichmentJobId neverScheduled = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));

        String othersJob = stranger.get(ROUTE + query("job_id", job.value()))
                .error(404, "not_found")
                .path("message")
                .asString();
        String noJob = stranger.get(ROUTE + query("job_id", neverScheduled.value()))
                .error(404, "not_found")
                .path("message")
                .asString();
        stranger.get(ROUTE + query("vin", job.vin().value())).error(404, "not_found");
        stranger.get(ROUTE + query("job_id", job.value().toLowerCase())).error(404, "not_found");
        stranger.get(ROUTE + query("job_id", "job-42")).error(404, "not_found");

        assertThat(othersJob.replace(job.value(), "ID")).isEqualTo(noJob.replace(neverScheduled.value(), "ID"));
        assertThat(poll(asOwner, job).path("status").asString()).isEqualTo("scheduled");
    }

    @Test
    void aKeyThatJoinedTheJobSeesIt() {
        IssuedKey joiner = proKey("joined enricher");
        EnrichmentJobId job = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));
        StoredJobs.store(
                db,
                job.value(),
                0,
                new EnrichmentScheduled(
                        job.value(), job.vin().value(), owner.record().id(), T0),
                new EnrichmentStepCompleted(job.value(), EnrichmentStep.DECODED, "decoded", T0.plusSeconds(1)),
                new EnrichmentJoined(job.value(), joiner.record().id(), T0.plusSeconds(2)));

        JsonNode seen = poll(new Api(port, joiner.key()), job);

        assertThat(seen.path("status").asString()).isEqualTo("running");
        // joining is not progress
        assertThat(seen.path("updated_at").asString())
                .isEqualTo(T0.plusSeconds(1).toString());
        assertThat(pollVin(new Api(port, joiner.key()), job.vin().value())
                        .path("job_id")
                        .asString())
                .isEqualTo(job.value());
    }

    @Test
    void aKeyWithoutEnrichWriteIsRefused() {
        Api free = new Api(port, TestKeys.issue(db, Plan.FREE));

        Reply refused = free.get(ROUTE + query("vin", StoredJobs.uniqueVin()));

        assertThat(refused.error(403, "insufficient_scope").path("message").asString())
                .contains("enrich:write");
    }

    @Test
    void theStatusIsNeverCached() {
        EnrichmentJobId job = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));
        StoredJobs.store(
                db,
                job.value(),
                0,
                new EnrichmentScheduled(
                        job.value(), job.vin().value(), owner.record().id(), T0));

        for (String path : List.of(
                ROUTE + query("job_id", job.value()),
                ROUTE + query("vin", job.vin().value()))) {
            Reply reply = asOwner.get(path);
            reply.ok();
            assertThat(reply.headers().allValues("Cache-Control")).as(path).containsExactly("no-store");
            assertThat(reply.header("ETag")).as(path).isNull();
            // "*" matches any ETag: a route whose answers are stored would answer 304
            assertThat(asOwner.getWith(path, "If-None-Match", "*").status())
                    .as(path)
                    .isEqualTo(200);
        }
    }

    /**
     * The specification: a read is one successful GET, and polls never spend enrichment credits. So a
     * poll costs the key one read, and neither spends a run of its allowance nor writes to the job.
     */
    @Test
    void aPollIsOneReadAndSpendsNoEnrichmentRun() {
        EnrichmentJobId job = EnrichmentJobId.first(Vin.parse(StoredJobs.uniqueVin()));
        StoredJobs.store(
                db,
                job.value(),
                0,
                new EnrichmentScheduled(
                        job.value(), job.vin().value(), owner.record().id(), T0));
        String allowance = SpendEnrichmentRun.allowanceId(owner.record().id(), YearMonth.now(ZoneOffset.UTC));

        Reply first = asOwner.get(ROUTE + query("job_id", job.value()));
        Reply second = asOwner.get(ROUTE + query("vin", job.vin().value()));

        first.ok();
        second.ok();
        assertThat(first.header("X-Monthly-Limit")).isEqualTo("250000");
        assertThat(Long.parseLong(second.header("X-Monthly-Remaining")))
                .isEqualTo(Long.parseLong(first.header("X-Monthly-Remaining")) - 1);
        assertThat(eventsOf(allowance)).isZero();
        assertThat(EnrichmentJobState.find(db, job.value()).orElseThrow().lastSequence())
                .isZero();
    }

    private void failedAttempt(EnrichmentJobId job, IssuedKey key) {
        StoredJobs.store(
                db,
                job.value(),
                0,
                new EnrichmentScheduled(
                        job.value(), job.vin().value(), key.record().id(), T0.plusSeconds(job.attempt())),
                new EnrichmentFailed(
                        job.value(),
                        job.vin().value(),
                        ErrorCode.UPSTREAM_UNREACHABLE,
                        "The catalog vendor did not answer",
                        T0.plusSeconds(job.attempt() + 1)));
    }

    private IssuedKey proKey(String owner) {
        return new ApiKeyStore(db).issue(NewKey.of(owner, Plan.PRO));
    }

    private static JsonNode poll(Api api, EnrichmentJobId job) {
        return api.get(ROUTE + query("job_id", job.value())).ok();
    }

    private static JsonNode pollVin(Api api, String vin) {
        return api.get(ROUTE + query("vin", vin)).ok();
    }

    /** Each step as {@code step|detail|at}. */
    private static List<String> steps(JsonNode status) {
        return status.path("steps")
                .valueStream()
                .map(step -> step.path("step").asString() + "|"
                        + step.path("detail").asString() + "|" + step.path("at").asString())
                .toList();
    }

    private int eventsOf(String aggregateId) {
        return db.fetchCount(
                table(name("events", "domainevententry")),
                field(name("aggregateidentifier")).eq(aggregateId));
    }
}
