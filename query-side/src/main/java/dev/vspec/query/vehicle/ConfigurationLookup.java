package dev.vspec.query.vehicle;

import static dev.vspec.infra.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.infra.jooq.read.Tables.CONFIG_KEY_ALIAS;
import static dev.vspec.infra.jooq.read.Tables.IMAGE;
import static dev.vspec.infra.jooq.read.Tables.PARTS_DOCUMENT;
import static dev.vspec.infra.jooq.read.Tables.SERVICE_HISTORY_SOURCE;
import static dev.vspec.infra.jooq.read.Tables.VIN;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.infra.decoding.DecoderSource;
import dev.vspec.query.vehicle.DecodedMatches.Candidate;
import dev.vspec.query.vehicle.DecodedMatches.ModelOf;
import dev.vspec.query.vehicle.ResolvedVehicle.ChangeTimes;
import dev.vspec.readmodel.Group;
import dev.vspec.readmodel.GroupDocument;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * Reads what lookups ask for from PostgreSQL, each in one statement, and decodes VINs with the installed vPIC
 * release. A {@link Lookup.Selecting} lookup's statement is the matching configurations' rows, each left-joined with
 * every document by config_key. A statement is built with jOOQ and rendered once (per lookup shape and documents, in
 * the deployable's schema); requests bind their values to the rendered SQL and read the rows over plain JDBC, on a
 * connection of their own from the pool (the query side never writes, so no transaction is joined), the document
 * bodies as the UTF-8 bytes PostgreSQL sends. Rendering the query on every request, and decoding and re-encoding the
 * bodies, cost more than the rest of the route together.
 */
final class ConfigurationLookup implements Configurations {

    private static final List<SelectField<?>> VEHICLE_FIELDS = List.of(
            CONFIGURATION.CONFIG_KEY,
            CONFIGURATION.LABEL,
            CONFIGURATION.YEAR,
            CONFIGURATION.MAKE,
            CONFIGURATION.MODEL,
            CONFIGURATION.TRIM,
            CONFIGURATION.ENGINE_CODE,
            CONFIGURATION.DRIVETRAIN,
            CONFIGURATION.SOURCE,
            CONFIGURATION.RECORDED_AT);

    private final DSLContext db;
    private final DataSource dataSource;
    private final DecoderSource decoders;
    private final Map<StatementKey, Statement> statements = new ConcurrentHashMap<>();
    private final String linkSql;
    private final String linkedKeysSql;
    private final String modelsSql;

    ConfigurationLookup(DSLContext db, DataSource dataSource, DecoderSource decoders) {
        this.db = db;
        this.dataSource = dataSource;
        this.decoders = decoders;
        this.linkSql = db.render(db.select(
                        VIN.CONFIG_KEY,
                        VIN.RECORDED_AT,
                        SERVICE_HISTORY_SOURCE.SOURCE,
                        SERVICE_HISTORY_SOURCE.RECORDED_AT)
                .from(VIN)
                .leftJoin(SERVICE_HISTORY_SOURCE)
                .on(SERVICE_HISTORY_SOURCE.VIN.eq(VIN.VIN_))
                .where(VIN.VIN_.eq(DSL.param("vin", ""))));
        // Both take arrays, so that any number of VINs or models is one statement, rendered once.
        this.linkedKeysSql = db.render(db.select(VIN.VIN_, VIN.CONFIG_KEY)
                .from(VIN)
                .where(VIN.VIN_.eq(DSL.any(DSL.val(new String[0], SQLDataType.VARCHAR.array())))));
        this.modelsSql = db.render(db.select(
                        CONFIGURATION.CONFIG_KEY,
                        CONFIGURATION.LABEL,
                        CONFIGURATION.YEAR,
                        CONFIGURATION.MAKE,
                        CONFIGURATION.MODEL,
                        CONFIGURATION.TRIM,
                        CONFIGURATION.ENGINE_CODE,
                        CONFIGURATION.DRIVETRAIN,
                        CONFIGURATION.MAKE_MATCH,
                        CONFIGURATION.MODEL_MATCH,
                        CONFIGURATION.TRIM_MATCH)
                .from(CONFIGURATION)
                .where(DSL.row(CONFIGURATION.YEAR, CONFIGURATION.MAKE_MATCH, CONFIGURATION.MODEL_MATCH)
                        .in(DSL.select(
                                        DSL.field("y", Integer.class),
                                        DSL.field("m", String.class),
                                        DSL.field("n", String.class))
                                .from(DSL.table(
                                        "unnest(?::integer[], ?::varchar[], ?::varchar[]) as models(y, m, n)")))));
    }

    @Override
    public List<ResolvedVehicle> select(Lookup.Selecting lookup, List<GroupDocument<?>> documents) {
        Statement statement = statements.computeIfAbsent(
                new StatementKey(lookup.shape(), List.copyOf(documents)), key -> render(lookup, key.documents()));
        Map<String, Object> values = lookup.values();
        return run(statement.sql(), (connection, select) -> {
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

    @Override
    public Map<ModelOf, List<Candidate>> ofModels(Set<ModelOf> models) {
        Map<ModelOf, List<Candidate>> found = new HashMap<>();
        models.forEach(model -> found.put(model, new ArrayList<>()));
        return run(modelsSql, (connection, select) -> {
            select.setArray(
                    1,
                    connection.createArrayOf(
                            "integer", models.stream().map(ModelOf::year).toArray()));
            select.setArray(
                    2,
                    connection.createArrayOf(
                            "varchar", models.stream().map(ModelOf::make).toArray()));
            select.setArray(
                    3,
                    connection.createArrayOf(
                            "varchar", models.stream().map(ModelOf::model).toArray()));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    found.get(new ModelOf(rows.getInt(3), rows.getString(9), rows.getString(10)))
                            .add(new Candidate(
                                    new Vehicle(
                                            rows.getString(1),
                                            rows.getString(2),
                                            rows.getInt(3),
                                            rows.getString(4),
                                            rows.getString(5),
                                            rows.getString(6),
                                            rows.getString(7),
                                            rows.getString(8)),
                                    rows.getString(11)));
                }
            }
            found.replaceAll((model, candidates) -> List.copyOf(candidates));
            return found;
        });
    }

    @Override
    public Optional<Link> link(Vin vin) {
        return run(linkSql, (connection, select) -> {
            select.setString(1, vin.value());
            try (ResultSet row = select.executeQuery()) {
                return row.next()
                        ? Optional.of(new Link(
                                row.getString(1),
                                row.getObject(2, OffsetDateTime.class),
                                row.getString(3),
                                row.getObject(4, OffsetDateTime.class)))
                        : Optional.<Link>empty();
            }
        });
    }

    @Override
    public Map<String, String> linkedKeys(Collection<Vin> vins) {
        Map<String, String> keys = new HashMap<>();
        if (vins.isEmpty()) {
            return keys;
        }
        String[] values = vins.stream().map(Vin::value).distinct().toArray(String[]::new);
        return run(linkedKeysSql, (connection, select) -> {
            select.setArray(1, connection.createArrayOf("varchar", values));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    keys.put(rows.getString(1), rows.getString(2));
                }
            }
            return keys;
        });
    }

    @Override
    public Optional<Alias> alias(String alias) {
        return db.select(CONFIG_KEY_ALIAS.CONFIG_KEY, CONFIG_KEY_ALIAS.RECORDED_AT)
                .from(CONFIG_KEY_ALIAS)
                .where(CONFIG_KEY_ALIAS.ALIAS.eq(alias))
                .fetchOptional(row -> new Alias(row.value1(), row.value2()));
    }

    @Override
    public VinDecoding decode(Vin vin) {
        VinDecoder decoder = decoders.require();
        return decoder.knowsWmi(vin) ? decoder.decode(vin) : null;
    }

    /**
     * The configuration's row joined by primary key with every group's document, for each group's
     * source and time (the coverage every answer carries) and when its body changed, and the bodies of
     * the documents asked for.
     */
    private Statement render(Lookup.Selecting lookup, List<GroupDocument<?>> documents) {
        Table<?> joined = CONFIGURATION;
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
        Select<?> select = db.select(fields).from(joined).where(lookup.shape().condition());
        // Bind markers come in the order the named parameters appear in the rendered SQL.
        List<String> parameters = List.copyOf(select.getParams().keySet());
        Set<String> bound = lookup.values().keySet();
        if (parameters.size() != select.getBindValues().size()
                || !Set.copyOf(parameters).equals(bound)) {
            throw new IllegalStateException(lookup + " binds " + bound + " to a condition whose "
                    + select.getBindValues().size() + " parameters are named " + parameters);
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

    private static ResolvedVehicle resolved(ResultSet row, List<GroupDocument<?>> documents) throws SQLException {
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
        Vehicle vehicle = new Vehicle(
                row.getString(1),
                row.getString(2),
                row.getInt(3),
                row.getString(4),
                row.getString(5),
                row.getString(6),
                row.getString(7),
                row.getString(8),
                StoredJson.of(row.getString(9)),
                coverage.build());
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

    /** Runs rendered SQL on a connection of its own from the pool: bind, execute and read in {@code work}. */
    private <T> T run(String sql, Work<T> work) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            return work.run(connection, statement);
        } catch (SQLException e) {
            throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
        }
    }

    private interface Work<T> {
        T run(Connection connection, PreparedStatement statement) throws SQLException;
    }

    private record StatementKey(Lookup.Shape shape, List<GroupDocument<?>> documents) {}

    private record Statement(String sql, List<String> parameters, List<GroupDocument<?>> documents) {}
}
