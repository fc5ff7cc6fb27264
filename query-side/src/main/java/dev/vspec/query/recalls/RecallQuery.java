package dev.vspec.query.recalls;

import static dev.vspec.storage.jooq.read.Tables.RECALL;
import static dev.vspec.storage.jooq.read.Tables.RECALL_FILE;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.GroupBuilder;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import dev.vspec.storage.jooq.read.tables.records.RecallFileRecord;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Records;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The recalls group: the vehicle recalls of {@code read.recall} for a model year, make and model (matched by
 * {@link RecallMatching}), newest report first, and its coverage: the NHTSA files imported, read from
 * {@code read.recall_file}, and what an answer from them can and cannot say.
 */
@Component
class RecallQuery implements GroupBuilder<List<StoredJson>> {

    /** What every recalls answer says about itself, beside the files it was read from. */
    static final String NOTICE = "NHTSA's safety recall campaigns for the U.S. market, listed by model year, make and"
            + " model. An empty list means the imported files hold no campaign for them, not that the vehicle is safe;"
            + " whether a campaign's remedy was done on a given VIN is not in this data.";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final DSLContext db;

    RecallQuery(DSLContext db) {
        this.db = db;
    }

    @Override
    public Group group() {
        return Group.RECALLS;
    }

    @Override
    public List<StoredJson> of(Vehicle vehicle, VehicleIdentifier identifier, AskedRoutes routes) {
        return of(vehicle.year(), vehicle.make(), vehicle.model());
    }

    @Override
    public Coverage cover(Coverage shown) {
        Files files = files();
        return shown.with(Group.RECALLS.key(), files.source(), files.recordedAt());
    }

    /** The vehicle recalls NHTSA lists for the model year, make and model. */
    List<StoredJson> of(int year, String make, String model) {
        return db.select(RECALL.BODY)
                .from(RECALL)
                .where(RECALL.RECORD_TYPE.eq(Recall.VEHICLE))
                .and(RECALL.MODEL_YEAR.eq((short) year))
                .and(RECALL.MAKE_KEY.eq(RecallMatching.makeKey(make)))
                .and(RECALL.MODEL_KEY.eq(RecallMatching.modelKey(model)))
                .orderBy(RECALL.REPORT_RECEIVED.desc().nullsLast(), RECALL.CAMPAIGN_NUMBER, RECALL.RECALL_KEY)
                .fetch(Records.mapping(StoredJson::of));
    }

    /** The recalls group's coverage alone, as {@code GET /v1/recalls} shows it. */
    Coverage coverage() {
        Files files = files();
        return Coverage.ofGroup(Group.RECALLS.key(), files.source(), files.recordedAt());
    }

    /**
     * The imported files as the coverage's source ({@code kind} {@code nhtsa}, the market, the newest data date,
     * each file with its SHA-256 and data date, the notice) and when the last of them recorded something; both null
     * when no file has been imported, which the coverage shows as missing.
     */
    private Files files() {
        List<RecallFileRecord> files = db.selectFrom(RECALL_FILE)
                .orderBy(RECALL_FILE.DATA_DATE.desc().nullsLast(), RECALL_FILE.FILE, RECALL_FILE.SHA256)
                .fetch();
        if (files.isEmpty()) {
            return new Files(null, null);
        }
        NhtsaSource source = new NhtsaSource(
                "nhtsa",
                RecallSource.PUBLISHER,
                "US",
                date(files.get(0).getDataDate()),
                files.stream().map(FileEntry::of).toList(),
                NOTICE);
        OffsetDateTime latest = files.stream()
                .map(RecallFileRecord::getRecordedAt)
                .max(Comparator.naturalOrder())
                .orElseThrow();
        return new Files(JSON.writeValueAsString(source), latest);
    }

    private static @Nullable String date(@Nullable LocalDate date) {
        return date == null ? null : date.toString();
    }

    /** The coverage's source: the imported files, newest data first, and what an answer from them can say. */
    private record NhtsaSource(
            String kind,
            String publisher,
            String market,
            @JsonProperty("data_date") @Nullable String dataDate,
            List<FileEntry> files,
            String notice) {}

    private record FileEntry(
            String name,
            String sha256,
            @JsonProperty("data_date") @Nullable String dataDate) {

        static FileEntry of(RecallFileRecord row) {
            return new FileEntry(row.getFile(), row.getSha256(), date(row.getDataDate()));
        }
    }

    private record Files(String source, OffsetDateTime recordedAt) {}
}
