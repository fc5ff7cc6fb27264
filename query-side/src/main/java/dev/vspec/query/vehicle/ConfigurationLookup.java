package dev.vspec.query.vehicle;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.CONFIG_KEY_ALIAS;
import static dev.vspec.infra.jooq.read.Tables.IMAGE;
import static dev.vspec.infra.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.infra.jooq.read.Tables.SERVICE_HISTORY_SOURCE;
import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.springframework.stereotype.Component;

/**
 * Runs the one statement a request needs: the matching configurations' rows, each left-joined with
 * every document the request asks for by config_key. A statement's shape (the lookup and the
 * documents) is built with jOOQ and rendered once; requests bind their values to the cached SQL and
 * read the rows over plain JDBC from the pool (the query side never writes, so no transaction is
 * joined), the document bodies as the UTF-8 bytes PostgreSQL sends. Rendering the query on every
 * request, and decoding and re-encoding the bodies, cost more than the rest of the route together.
 */
@Component
class ConfigurationLookup {

    private static final List<SelectField<?>> VEHICLE_FIELDS = List.of(
            CONFIGURATION.CONFIG_KEY, CONFIGURATION.LABEL, CONFIGURATION.YEAR, CONFIGURATION.MAKE,
            CONFIGURATION.MODEL, CONFIGURATION.TRIM, CONFIGURATION.ENGINE_CODE, CONFIGURATION.DRIVETRAIN,
            CONFIGURATION.SOURCE, CONFIGURATION.RECORDED_AT);

    private final DSLContext db;
    private final DataSource dataSource;
    private final Map<Shape, Statement> statements = new ConcurrentHashMap<>();
    private final String linkedVinSql;

    ConfigurationLookup(DSLContext db, DataSource dataSource) {
        this.db = db;
        this.dataSource = dataSource;
        this.linkedVinSql = db.render(db.select(VIN.CONFIG_KEY, VIN.RECORDED_AT, SERVICE_HISTORY_SOURCE.SOURCE,
                        SERVICE_HISTORY_SOURCE.RECORDED_AT)
                .from(VIN).leftJoin(SERVICE_HISTORY_SOURCE).on(SERVICE_HISTORY_SOURCE.VIN.eq(VIN.VIN_))
                .where(VIN.VIN_.eq(DSL.param("vin", ""))));
    }

    /**
     * Where to look and what must match. {@code shape} names everything about the statement except
     * the parameter values: two criteria with the same shape must build the same query.
     */
    record Criteria(String shape, Table<?> from, Condition condition, List<Param<?>> parameters) {
    }

    /** Every configuration that matches, with the documents' bodies, in no particular order. */
    List<ResolvedVehicle> find(Criteria criteria, List<GroupDocument<?>> documents) {
        Statement statement = statements.computeIfAbsent(new Shape(criteria.shape(), List.copyOf(documents)),
                shape -> render(criteria, shape.documents()));
        Map<String, Object> values = new HashMap<>();
        criteria.parameters().forEach(parameter -> values.put(parameter.getParamName(), parameter.getValue()));
        return RenderedStatements.run(dataSource, statement.sql(), (connection, select) -> {
            for (int i = 0; i < statement.parameters().size(); i++) {
                select.setObject(i + 1, values.get(statement.parameters().get(i)));
            }
            try (ResultSet rows = select.executeQuery()) {
                List<ResolvedVehicle> found = new ArrayList<>(1);
                while (rows.next()) {
                    found.add(resolved(rows, statement.documents()));
                }
                return found;
            }
        });
    }

    /**
     * The config_key a VIN is linked to, when the link was recorded, and its service history's source and time
     * (null when none is recorded); empty when nothing linked the VIN. Its SQL is rendered once, as the lookups' are.
     */
    Optional<LinkedVin> linkedVin(String vin) {
        return RenderedStatements.run(dataSource, linkedVinSql, (connection, select) -> {
            select.setString(1, vin);
            try (ResultSet row = select.executeQuery()) {
                return row.next()
                        ? Optional.of(new LinkedVin(row.getString(1), row.getObject(2, OffsetDateTime.class),
                                row.getString(3), row.getObject(4, OffsetDateTime.class)))
                        : Optional.<LinkedVin>empty();
            }
        });
    }

    record LinkedVin(String configKey, OffsetDateTime linkedAt, String historySource, OffsetDateTime historyRecordedAt) {
    }

    /** The configuration {@code alias} also names ({@code read.config_key_alias}) and when that was recorded, or empty. */
    Optional<Alias> aliasedKey(String alias) {
        return db.select(CONFIG_KEY_ALIAS.CONFIG_KEY, CONFIG_KEY_ALIAS.RECORDED_AT).from(CONFIG_KEY_ALIAS)
                .where(CONFIG_KEY_ALIAS.ALIAS.eq(alias))
                .fetchOptional(row -> new Alias(row.value1(), row.value2()));
    }

    record Alias(String configKey, OffsetDateTime recordedAt) {
    }

    /**
     * The configuration's row joined by primary key with every group's document, for each group's
     * source and time (the coverage every answer carries) and when its body changed, and the bodies of
     * the documents asked for.
     */
    private Statement render(Criteria criteria, List<GroupDocument<?>> documents) {
        Table<?> joined = criteria.from();
        List<SelectField<?>> fields = new ArrayList<>(VEHICLE_FIELDS);
        for (GroupDocument<?> document : GroupDocument.all()) {
            joined = joined.leftJoin(document.table()).on(document.configKey().eq(CONFIGURATION.CONFIG_KEY));
            fields.add(document.source());
            fields.add(document.recordedAt());
            fields.add(bodyChangedAt(document));
        }
        joined = joined.leftJoin(IMAGE).on(IMAGE.CONFIG_KEY.eq(CONFIGURATION.CONFIG_KEY));
        fields.add(IMAGE.SOURCE);
        fields.add(IMAGE.RECORDED_AT);
        for (GroupDocument<?> document : documents) {
            fields.add(document.body());
        }
        Select<?> select = db.select(fields).from(joined).where(criteria.condition());
        // Bind markers come in the order the named parameters appear in the rendered SQL.
        List<String> parameters = List.copyOf(select.getParams().keySet());
        if (parameters.size() != criteria.parameters().size()) {
            throw new IllegalStateException("criteria " + criteria.shape() + " repeat a parameter name");
        }
        return new Statement(db.render(select), parameters, documents);
    }

    /**
     * When a document's body last changed: when it was recorded, except for parts, whose prices change the body
     * without changing its list's time ({@code changed_at}, kept by the parts projection).
     */
    private static Field<OffsetDateTime> bodyChangedAt(GroupDocument<?> document) {
        return document == GroupDocument.PARTS ? PARTS_DOCUMENT.CHANGED_AT : document.recordedAt();
    }

    private static ResolvedVehicle resolved(ResultSet row, List<GroupDocument<?>> documents)
            throws SQLException {
        int column = VEHICLE_FIELDS.size() + 1;
        Coverage.Builder coverage = new Coverage.Builder();
        Map<GroupDocument<?>, OffsetDateTime> bodiesChanged = new HashMap<>();
        for (GroupDocument<?> document : GroupDocument.all()) {
            coverage.group(document.group().key(), row.getString(column++), row.getObject(column++, OffsetDateTime.class));
            OffsetDateTime bodyChanged = row.getObject(column++, OffsetDateTime.class);
            if (bodyChanged != null) {
                bodiesChanged.put(document, bodyChanged);
            }
        }
        coverage.group(Group.IMAGE.key(), row.getString(column++), row.getObject(column++, OffsetDateTime.class));
        Vehicle vehicle = new Vehicle(row.getString(1), row.getString(2), row.getInt(3), row.getString(4),
                row.getString(5), row.getString(6), row.getString(7), row.getString(8),
                StoredJson.of(row.getString(9)), coverage.build());
        Map<GroupDocument<?>, StoredJson> bodies = new HashMap<>();
        for (int i = 0; i < documents.size(); i++) {
            // A text column's bytes as sent, without decoding them into a String.
            byte[] body = row.getBytes(column + i);
            bodies.put(documents.get(i), body == null ? null : StoredJson.ofUtf8(body));
        }
        ChangeTimes times = new ChangeTimes(LastChange.NOTHING, row.getObject(10, OffsetDateTime.class), Map.copyOf(bodiesChanged));
        return new ResolvedVehicle(vehicle, bodies, times);
    }

    private record Shape(String criteria, List<GroupDocument<?>> documents) {
    }

    private record Statement(String sql, List<String> parameters, List<GroupDocument<?>> documents) {
    }
}
