package dev.vspec.query.store;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.IMAGE;

import dev.vspec.query.encoding.StoredJson;
import dev.vspec.query.lookup.Lookup;
import dev.vspec.query.vehicle.Coverage;
import dev.vspec.query.vehicle.LastChange;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.ResolvedVehicle.ChangeTimes;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jooq.DSLContext;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.Table;

/**
 * A {@link Lookup.Selecting} lookup's statement, rendered once per lookup shape and documents: the matching
 * configurations' rows, each left-joined with every document by config_key, and how one of its rows reads as a
 * {@link ResolvedVehicle}.
 *
 * @param parameters the lookup's value names, in the order of the SQL's bind markers
 * @param documents  the documents whose bodies the rows carry, in column order
 */
record SelectingStatement(String sql, List<String> parameters, List<GroupDocument<?>> documents) {

    /** A configuration's identity, in the order of the {@link Vehicle}'s components; the columns 1 to 8 of a row. */
    static final List<SelectField<?>> IDENTITY = List.of(
            CONFIGURATION.CONFIG_KEY,
            CONFIGURATION.LABEL,
            CONFIGURATION.YEAR,
            CONFIGURATION.MAKE,
            CONFIGURATION.MODEL,
            CONFIGURATION.TRIM,
            CONFIGURATION.ENGINE_CODE,
            CONFIGURATION.DRIVETRAIN);

    /** A row's {@link #IDENTITY} columns, read as the vehicle they name, without its sources. */
    static Vehicle identity(ResultSet row) throws SQLException {
        return new Vehicle(
                row.getString(1),
                row.getString(2),
                row.getInt(3),
                row.getString(4),
                row.getString(5),
                row.getString(6),
                row.getString(7),
                row.getString(8));
    }

    private static final List<SelectField<?>> VEHICLE_FIELDS = Stream.concat(
                    IDENTITY.stream(), Stream.of(CONFIGURATION.SOURCE, CONFIGURATION.RECORDED_AT))
            .toList();

    /**
     * The configuration's row joined by primary key with every group's document, for each group's
     * source and time (the coverage every answer carries) and when its body changed, and the bodies of
     * the documents asked for.
     */
    static SelectingStatement render(DSLContext db, Lookup.Selecting lookup, List<GroupDocument<?>> documents) {
        Table<?> joined = CONFIGURATION;
        List<SelectField<?>> fields = new ArrayList<>(VEHICLE_FIELDS);
        for (GroupDocument<?> document : GroupDocument.all()) {
            joined = joined.leftJoin(document.table()).on(document.configKey().eq(CONFIGURATION.CONFIG_KEY));
            fields.add(document.source());
            fields.add(document.recordedAt());
            fields.add(document.changedAt());
        }
        joined = joined.leftJoin(IMAGE).on(IMAGE.CONFIG_KEY.eq(CONFIGURATION.CONFIG_KEY));
        fields.add(IMAGE.SOURCE);
        fields.add(IMAGE.RECORDED_AT);
        for (GroupDocument<?> document : documents) {
            fields.add(document.body());
        }
        Select<?> select = db.select(fields).from(joined).where(lookup.shape().condition());
        // Bind markers come in the order the named parameters appear in the rendered SQL.
        List<String> parameters = List.copyOf(select.getParams().keySet());
        Set<String> bound = lookup.values().keySet();
        if (parameters.size() != select.getBindValues().size()
                || !Set.copyOf(parameters).equals(bound)) {
            throw new IllegalStateException(lookup + " binds " + bound + " to a condition whose "
                    + select.getBindValues().size() + " parameters are named " + parameters);
        }
        return new SelectingStatement(db.render(select), parameters, documents);
    }

    /** The vehicle on the result's current row. */
    ResolvedVehicle resolved(ResultSet row) throws SQLException {
        int column = VEHICLE_FIELDS.size() + 1;
        Coverage.Builder coverage = new Coverage.Builder();
        Map<GroupDocument<?>, OffsetDateTime> bodiesChanged = new HashMap<>();
        for (GroupDocument<?> document : GroupDocument.all()) {
            String source = row.getString(column++);
            coverage.group(document.group().key(), source, row.getObject(column++, OffsetDateTime.class));
            OffsetDateTime bodyChanged = row.getObject(column++, OffsetDateTime.class);
            if (bodyChanged != null) {
                bodiesChanged.put(document, bodyChanged);
            }
        }
        coverage.group(Group.IMAGE.key(), row.getString(column++), row.getObject(column++, OffsetDateTime.class));
        Vehicle vehicle = identity(row).sourced(StoredJson.of(row.getString(9)), coverage.build());
        Map<GroupDocument<?>, StoredJson> bodies = new HashMap<>();
        for (int i = 0; i < documents.size(); i++) {
            // A text column's bytes as sent, without decoding them into a String.
            byte[] body = row.getBytes(column + i);
            bodies.put(documents.get(i), body == null ? null : StoredJson.ofUtf8(body));
        }
        ChangeTimes times =
                new ChangeTimes(LastChange.NOTHING, row.getObject(10, OffsetDateTime.class), Map.copyOf(bodiesChanged));
        return new ResolvedVehicle(vehicle, bodies, times);
    }
}
