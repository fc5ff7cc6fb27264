package dev.vspec.harness.faults;

import dev.vspec.cli.stack.StackException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * The reads the load sends, each with the answer it must get: what it answered before any fault
 * (a 200's body exactly, an error's code), for every configuration and linked VIN the read tables
 * hold, lookups that match several or none, and the VINs enrichment links on the way.
 */
final class ReadChecks {

    static final String GROUPS = "include=fluids,specs,tires,maintenance_schedule,parts";

    /** A read and its answer: the status, and a 200's body or an error's code. */
    record Check(String path, int status, String body, String error) {}

    private final List<Check> checks = new CopyOnWriteArrayList<>();

    /** The answers before any fault, each one checked against the read tables it comes from. */
    static ReadChecks baseline(Client client, String key, DataSource dataSource) {
        JdbcTemplate db = new JdbcTemplate(dataSource);
        ReadChecks reads = new ReadChecks();
        for (String configKey : db.queryForList("select config_key from read.configuration order by 1", String.class)) {
            reads.learn(client, key, "/api/v1/vehicle?config_key=" + configKey + "&" + GROUPS, configKey, "fluids");
        }
        for (Map<String, Object> link : db.queryForList("select vin, config_key from read.vin order by 1")) {
            reads.learn(
                    client, key, "/api/v1/fluids?vin=" + link.get("vin"), (String) link.get("config_key"), "fluids");
        }
        for (String path : List.of(
                "/api/v1/configs?year=2019&make=honda&model=civic",
                "/api/v1/fluids?year=2019&make=honda&model=civic",
                "/api/v1/fluids?config_key=2099-none-none-none-x0-fwd",
                "/api/v1/fluids?vin=1HGCM82633A004352",
                "/api/v1/decode?vin=19XFC2F52KE715372")) {
            reads.learn(client, key, path, null, null);
        }
        return reads;
    }

    /**
     * Asks once and keeps the answer as the one expected from now on; an answer naming another
     * configuration than {@code configKey}, or without {@code group}, stops the drill.
     */
    private void learn(Client client, String key, String path, String configKey, String group) {
        Reply reply = client.get(path, key, answer -> null);
        if (!reply.answered() || reply.status() >= 500) {
            throw new StackException("GET " + path + " answered " + reply.category() + " before any fault: "
                    + Client.abbreviated(reply.body()));
        }
        if (configKey != null) {
            String wrong = namesConfiguration(reply, configKey, group);
            if (wrong != null) {
                throw new StackException("GET " + path + " " + wrong);
            }
        }
        expect(path, reply);
    }

    /** From now on {@code path} must answer as {@code reply} did. */
    void expect(String path, Reply reply) {
        checks.add(new Check(path, reply.status(), reply.status() == 200 ? reply.body() : null, reply.errorCode()));
    }

    Check any() {
        return checks.get(ThreadLocalRandom.current().nextInt(checks.size()));
    }

    int size() {
        return checks.size();
    }

    /** Null when the reply is the expected one, or one the faults excuse (5xx and failures are counted apart). */
    static String verify(Check check, Reply reply) {
        if (!reply.answered() || reply.status() >= 500) {
            return null;
        }
        if (reply.status() != check.status()) {
            return "answered " + reply.status() + " where it answered " + check.status() + " before: "
                    + Client.abbreviated(reply.body());
        }
        if (check.body() != null && !check.body().equals(reply.body())) {
            return "answered a 200 unlike its 200 before the faults: " + Client.abbreviated(reply.body());
        }
        if (check.error() != null && !check.error().equals(reply.errorCode())) {
            return "answered " + reply.errorCode() + " where it answered " + check.error() + " before";
        }
        return null;
    }

    /** Null when a 200 names {@code configKey} and holds {@code group}; else what is wrong with it. */
    static String namesConfiguration(Reply reply, String configKey, String group) {
        if (reply.status() != 200) {
            return "answered " + reply.status() + " for " + configKey + ": " + Client.abbreviated(reply.body());
        }
        JsonNode json = reply.json();
        String named =
                json == null ? null : json.path("vehicle").path("config_key").asString(null);
        if (!configKey.equals(named)) {
            return "answered another vehicle (" + named + ") for " + configKey;
        }
        if (json.path(group).isEmpty()) {
            return "answered " + configKey + " with an empty " + group;
        }
        return null;
    }

    List<Check> all() {
        return new ArrayList<>(checks);
    }
}
