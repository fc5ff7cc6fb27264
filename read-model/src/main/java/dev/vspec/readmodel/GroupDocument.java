package dev.vspec.readmodel;

import static dev.vspec.storage.jooq.read.Tables.FLUIDS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.LABOR_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.MAINTENANCE_SCHEDULE_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.SPECS_DOCUMENT;
import static dev.vspec.storage.jooq.read.Tables.TIRES_DOCUMENT;

import java.time.OffsetDateTime;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.jooq.TableField;
import org.jooq.impl.DSL;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * A data group stored pre-rendered: per configuration, the group's value as JSON text, exactly what
 * the API answers under the group's key. The projections render and {@link #write} it; the query
 * side writes the stored text into its answers verbatim, and {@link #parse parses} it with these
 * same records where it builds other values from a group. This class and the view records are the
 * one definition of each group's JSON.
 *
 * @param <T> the group's value
 */
public final class GroupDocument<T> {

    /**
     * The query side's rendering of these values (Spring Boot's Jackson 3 defaults): properties in
     * record order, nulls written, decimals as numbers as they are scaled. Reading tolerates
     * properties a newer renderer added.
     */
    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public static final GroupDocument<List<FluidView>> FLUIDS = new GroupDocument<>(
            Group.FLUIDS,
            FLUIDS_DOCUMENT,
            FLUIDS_DOCUMENT.CONFIG_KEY,
            FLUIDS_DOCUMENT.BODY,
            FLUIDS_DOCUMENT.SOURCE,
            FLUIDS_DOCUMENT.SOURCE_RANK,
            FLUIDS_DOCUMENT.RECORDED_AT,
            FLUIDS_DOCUMENT.RECORDED_AT,
            new TypeReference<>() {},
            List.of());
    public static final GroupDocument<List<SpecView>> SPECS = new GroupDocument<>(
            Group.SPECS,
            SPECS_DOCUMENT,
            SPECS_DOCUMENT.CONFIG_KEY,
            SPECS_DOCUMENT.BODY,
            SPECS_DOCUMENT.SOURCE,
            SPECS_DOCUMENT.SOURCE_RANK,
            SPECS_DOCUMENT.RECORDED_AT,
            SPECS_DOCUMENT.CHANGED_AT,
            new TypeReference<>() {},
            List.of());
    public static final GroupDocument<List<TireView>> TIRES = new GroupDocument<>(
            Group.TIRES,
            TIRES_DOCUMENT,
            TIRES_DOCUMENT.CONFIG_KEY,
            TIRES_DOCUMENT.BODY,
            TIRES_DOCUMENT.SOURCE,
            TIRES_DOCUMENT.SOURCE_RANK,
            TIRES_DOCUMENT.RECORDED_AT,
            TIRES_DOCUMENT.RECORDED_AT,
            new TypeReference<>() {},
            List.of());
    public static final GroupDocument<Schedules> MAINTENANCE_SCHEDULE = new GroupDocument<>(
            Group.MAINTENANCE_SCHEDULE,
            MAINTENANCE_SCHEDULE_DOCUMENT,
            MAINTENANCE_SCHEDULE_DOCUMENT.CONFIG_KEY,
            MAINTENANCE_SCHEDULE_DOCUMENT.BODY,
            MAINTENANCE_SCHEDULE_DOCUMENT.SOURCE,
            MAINTENANCE_SCHEDULE_DOCUMENT.SOURCE_RANK,
            MAINTENANCE_SCHEDULE_DOCUMENT.RECORDED_AT,
            MAINTENANCE_SCHEDULE_DOCUMENT.RECORDED_AT,
            new TypeReference<>() {},
            new Schedules(List.of(), List.of()));
    public static final GroupDocument<List<PartView>> PARTS = new GroupDocument<>(
            Group.PARTS,
            PARTS_DOCUMENT,
            PARTS_DOCUMENT.CONFIG_KEY,
            PARTS_DOCUMENT.BODY,
            PARTS_DOCUMENT.SOURCE,
            PARTS_DOCUMENT.SOURCE_RANK,
            PARTS_DOCUMENT.RECORDED_AT,
            PARTS_DOCUMENT.CHANGED_AT,
            new TypeReference<>() {},
            List.of());
    public static final GroupDocument<List<LaborView>> LABOR = new GroupDocument<>(
            Group.LABOR,
            LABOR_DOCUMENT,
            LABOR_DOCUMENT.CONFIG_KEY,
            LABOR_DOCUMENT.BODY,
            LABOR_DOCUMENT.SOURCE,
            LABOR_DOCUMENT.SOURCE_RANK,
            LABOR_DOCUMENT.RECORDED_AT,
            LABOR_DOCUMENT.RECORDED_AT,
            new TypeReference<>() {},
            List.of());

    private static final List<GroupDocument<?>> ALL = List.of(FLUIDS, SPECS, TIRES, MAINTENANCE_SCHEDULE, PARTS, LABOR);

    private final Group group;
    private final Table<?> table;
    private final TableField<?, String> configKey;
    private final TableField<?, String> body;
    private final TableField<?, String> source;
    private final TableField<?, Short> rank;
    private final TableField<?, OffsetDateTime> recordedAt;
    private final TableField<?, OffsetDateTime> changedAt;
    private final JavaType type;
    private final String empty;

    private GroupDocument(
            Group group,
            Table<?> table,
            TableField<?, String> configKey,
            TableField<?, String> body,
            TableField<?, String> source,
            TableField<?, Short> rank,
            TableField<?, OffsetDateTime> recordedAt,
            TableField<?, OffsetDateTime> changedAt,
            TypeReference<T> type,
            T empty) {
        this.group = group;
        this.table = table;
        this.configKey = configKey;
        this.body = body;
        this.source = source;
        this.rank = rank;
        this.recordedAt = recordedAt;
        this.changedAt = changedAt;
        this.type = JSON.getTypeFactory().constructType(type);
        this.empty = render(empty);
    }

    /** Every stored group's document, in the order {@link Group} lists the groups. */
    public static List<GroupDocument<?>> all() {
        return ALL;
    }

    /** The group whose value this is. */
    public Group group() {
        return group;
    }

    /** The table holding the documents, one row per configuration. */
    public Table<?> table() {
        return table;
    }

    public TableField<?, String> configKey() {
        return configKey;
    }

    public TableField<?, String> body() {
        return body;
    }

    /** The source of the document's value, as {@link Provenance#source()} renders it. */
    public TableField<?, String> source() {
        return source;
    }

    /** The precedence of the document's source: only a value of at least this rank replaces it. */
    public TableField<?, Short> rank() {
        return rank;
    }

    /** When the event whose value the document holds was stored. */
    public TableField<?, OffsetDateTime> recordedAt() {
        return recordedAt;
    }

    /**
     * When the document's body last changed: {@link #recordedAt()}, except where the body also shows facts the
     * document's own source did not record (the prices of the parts listed; the spec sheets of lower sources).
     */
    public TableField<?, OffsetDateTime> changedAt() {
        return changedAt;
    }

    /** The value as the API renders it. */
    public String render(T value) {
        return JSON.writeValueAsString(value);
    }

    /** The rendered empty value: the group of a configuration that has no document. */
    public String empty() {
        return empty;
    }

    /** The stored body, or the empty value when the configuration has none (null). */
    public String orEmpty(String storedBody) {
        return storedBody == null ? empty : storedBody;
    }

    /** A stored body (null: none) read back into the records it was rendered from. */
    public T parse(String storedBody) {
        return JSON.readValue(orEmpty(storedBody), type);
    }

    /**
     * Renders the value and stores it as the configuration's document with where it came from,
     * replacing an earlier one unless that came from a source of higher precedence.
     */
    public void write(DSLContext db, String configKey, T value, Provenance provenance) {
        db.insertInto(table)
                .set(this.configKey, configKey)
                .set(body, render(value))
                .set(source, provenance.source())
                .set(rank, provenance.rank())
                .set(recordedAt, provenance.recordedAt())
                .set(changedAt, provenance.recordedAt())
                .onConflict(this.configKey)
                .doUpdate()
                .set(body, DSL.excluded(body))
                .set(source, DSL.excluded(source))
                .set(rank, DSL.excluded(rank))
                .set(recordedAt, DSL.excluded(recordedAt))
                .set(changedAt, DSL.excluded(changedAt))
                .where(rank.le(DSL.excluded(rank)))
                .execute();
    }

    @Override
    public String toString() {
        return group.key() + " document";
    }
}
