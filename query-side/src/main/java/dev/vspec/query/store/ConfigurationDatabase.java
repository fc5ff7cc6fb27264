package dev.vspec.query.store;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.CONFIG_KEY_ALIAS;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_HISTORY_SOURCE;
import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.query.lookup.Configurations;
import dev.vspec.query.lookup.DecodedMatches.Candidate;
import dev.vspec.query.lookup.DecodedMatches.ModelOf;
import dev.vspec.query.lookup.Lookup;
import dev.vspec.query.lookup.VinEngines;
import dev.vspec.query.vehicle.ResolvedVehicle;
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
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * Reads what lookups ask for from PostgreSQL, each in one statement, and decodes VINs with the installed vPIC
 * release. A {@link Lookup.Selecting} lookup's statement is a {@link SelectingStatement}. A statement is built with
 * jOOQ and rendered once (per lookup shape and documents, in the deployable's schema); requests bind their values to
 * the rendered SQL and read the rows over plain JDBC, on a connection of their own from the pool (the query side
 * never writes, so no transaction is joined), the document bodies as the UTF-8 bytes PostgreSQL sends. Rendering the
 * query on every request, and decoding and re-encoding the bodies, cost more than the rest of the route together.
 */
final class ConfigurationDatabase implements Configurations {

    private final DSLContext db;
    private final DataSource dataSource;
    private final DecoderSource decoders;
    private final VinEngines engines;
    private final Map<StatementKey, SelectingStatement> statements = new ConcurrentHashMap<>();
    private final String linkSql;
    private final String linkedKeysSql;
    private final String modelsSql;
    private final String aliasSql;

    ConfigurationDatabase(DSLContext db, DataSource dataSource, DecoderSource decoders, VinEngines engines) {
        this.db = db;
        this.dataSource = dataSource;
        this.decoders = decoders;
        this.engines = engines;
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
        this.aliasSql = db.render(db.select(CONFIG_KEY_ALIAS.CONFIG_KEY, CONFIG_KEY_ALIAS.RECORDED_AT)
                .from(CONFIG_KEY_ALIAS)
                .where(CONFIG_KEY_ALIAS.ALIAS.eq(DSL.param("alias", ""))));
        this.modelsSql = db.render(db.select(SelectingStatement.IDENTITY)
                .select(CONFIGURATION.MAKE_MATCH, CONFIGURATION.MODEL_MATCH, CONFIGURATION.TRIM_MATCH)
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
        SelectingStatement statement = statements.computeIfAbsent(
                new StatementKey(lookup.shape(), List.copyOf(documents)),
                key -> SelectingStatement.render(db, lookup, key.documents()));
        Map<String, Object> values = lookup.values();
        return run(statement.sql(), (connection, select) -> {
            for (int i = 0; i < statement.parameters().size(); i++) {
                select.setObject(i + 1, values.get(statement.parameters().get(i)));
            }
            try (ResultSet rows = select.executeQuery()) {
                List<ResolvedVehicle> found = new ArrayList<>(1);
                while (rows.next()) {
                    found.add(statement.resolved(rows));
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
                    // the model's match columns follow the identity's
                    int matches = SelectingStatement.IDENTITY.size();
                    found.get(new ModelOf(rows.getInt(3), rows.getString(matches + 1), rows.getString(matches + 2)))
                            .add(new Candidate(SelectingStatement.identity(rows), rows.getString(matches + 3)));
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
        return run(aliasSql, (connection, select) -> {
            select.setString(1, alias);
            try (ResultSet row = select.executeQuery()) {
                return row.next()
                        ? Optional.of(new Alias(row.getString(1), row.getObject(2, OffsetDateTime.class)))
                        : Optional.<Alias>empty();
            }
        });
    }

    @Override
    public VinDecoding decode(Vin vin) {
        VinDecoder decoder = decoders.require();
        return decoder.knowsWmi(vin) ? engines.resolve(decoder.decode(vin)).decoding() : null;
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
}
