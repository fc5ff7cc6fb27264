package dev.vspec.cli.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.AccessRequest;
import dev.vspec.access.AccessRequestStore;
import dev.vspec.access.ApiKeys;
import dev.vspec.cli.VspecCli;
import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import dev.vspec.testing.database.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jooq.CloseableDSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code vspec keys} and {@code vspec access-requests}, run as an operator would, on a database of their own. */
class AccessCommandsIT {

    private static final Pattern KEY = Pattern.compile("vsk_live_[0-9A-Za-z]{38}");
    private static final String NL = System.lineSeparator();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static TestDatabase database;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** A database vspec has never run on: the first command brings it to vspec's schema. */
    @BeforeAll
    static void createDatabase() {
        database = TestDatabase.create("vspec_access_cli");
        StringWriter firstOut = new StringWriter();
        StringWriter firstErr = new StringWriter();
        int exit = new CommandLine(new VspecCli())
                .setOut(new PrintWriter(firstOut))
                .setErr(new PrintWriter(firstErr))
                .execute("keys", "list", "--db-url", database.url(), "--db-user", database.user());
        assertThat(exit).as(firstErr.toString()).isZero();
        assertThat(firstOut.toString())
                .isEqualTo(
                        "No API keys yet. Issue one with: vspec keys issue --plan free --owner <who it is for>" + NL);
    }

    @AfterAll
    static void dropDatabase() {
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void issuesAKeyThatIsPrintedOnceAndStoredOnlyAsItsHash() throws SQLException {
        int exit = vspec("keys", "issue", "--plan", "pro", "--owner", "jane@example.com (Acme)");

        assertThat(exit).as(err.toString()).isZero();
        String printed = out.toString();
        List<String> keys = keysIn(printed);
        assertThat(keys).hasSize(1);
        String key = keys.get(0);
        assertThat(ApiKeys.wellFormed(key)).isTrue();
        assertThat(printed)
                .contains("It is shown only now")
                .contains(NL + NL + "    " + key + NL + NL)
                .contains("  prefix               " + ApiKeys.displayPrefix(key) + "…" + NL)
                .contains("  owner                jane@example.com (Acme)" + NL)
                .contains("  plan                 pro" + NL)
                .contains(
                        "  scopes               maintenance:read, labor:read, media:read, service_history:read, enrich:write"
                                + NL)
                .contains("  requests per minute  300" + NL)
                .contains("  reads per month      250,000" + NL)
                .doesNotContain("access request");

        List<List<String>> rows =
                query("select * from access.api_key where prefix = '" + ApiKeys.displayPrefix(key) + "'");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0))
                .noneMatch(column -> column != null && column.contains(key.substring(ApiKeys.DISPLAY_PREFIX_LENGTH)))
                .contains(ApiKeys.hash(key));
        assertThat(printed).doesNotContain(ApiKeys.hash(key));

        out.getBuffer().setLength(0);
        assertThat(vspec("keys", "list")).isZero();
        String listed = lineWith(ApiKeys.displayPrefix(key));
        assertThat(listed)
                .matches(" *\\d+  " + Pattern.quote(ApiKeys.displayPrefix(key))
                        + "…  jane@example\\.com \\(Acme\\) +pro +all"
                        + " +300 +250,000  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  active");
        assertThat(out.toString())
                .doesNotContain(key)
                .doesNotContain(ApiKeys.hash(key))
                .startsWith("ID  PREFIX")
                .contains("REQUESTS/MIN  READS/MONTH  CREATED (UTC)")
                .doesNotMatch("(?s).*\\s" + NL + ".*");
    }

    @Test
    void issuesNarrowedAndEnterpriseKeysWithTheirScopesAndLimits() {
        assertThat(vspec(
                        "keys",
                        "issue",
                        "--plan",
                        "free",
                        "--owner",
                        "narrow@example.com",
                        "--scopes",
                        "labor:read,maintenance:read"))
                .as(err.toString())
                .isZero();
        String narrow = keysIn(out.toString()).get(0);
        assertThat(out.toString())
                .contains("  scopes               maintenance:read, labor:read" + NL)
                .contains("  requests per minute  60" + NL)
                .contains("  reads per month      10,000" + NL);

        assertThat(vspec(
                        "keys",
                        "issue",
                        "--plan",
                        "ENTERPRISE",
                        "--owner",
                        "Initech",
                        "--requests-per-minute",
                        "5000",
                        "--reads-per-month",
                        "50000000"))
                .as(err.toString())
                .isZero();
        String enterprise = keysIn(out.toString()).get(1);
        assertThat(out.toString())
                .contains("  plan                 enterprise" + NL)
                .contains("  requests per minute  5,000" + NL)
                .contains("  reads per month      50,000,000" + NL);

        out.getBuffer().setLength(0);
        vspec("keys", "list");
        assertThat(lineWith(ApiKeys.displayPrefix(narrow)))
                .matches(".*narrow@example\\.com +free +maintenance:read,labor:read +60 +10,000  .*");
        assertThat(lineWith(ApiKeys.displayPrefix(enterprise)))
                .matches(".*Initech +enterprise +all +5,000 +50,000,000  .*");
    }

    @Test
    void revokesByPrefixAndById() throws SQLException {
        vspec("keys", "issue", "--plan", "free", "--owner", "first@example.com");
        vspec("keys", "issue", "--plan", "free", "--owner", "second@example.com");
        List<String> keys = keysIn(out.toString());
        String first = ApiKeys.displayPrefix(keys.get(0));
        String second = ApiKeys.displayPrefix(keys.get(1));
        long secondId = Long.parseLong(single("select id from access.api_key where prefix = '" + second + "'"));
        out.getBuffer().setLength(0);

        // as vspec keys list shows it, ellipsis included
        assertThat(vspec("keys", "revoke", first + "…")).as(err.toString()).isZero();
        assertThat(out.toString())
                .startsWith("Revoked key ")
                .contains("(" + first + "…, first@example.com, free plan) at ")
                .contains("within a few seconds")
                .contains("vspec.access.key-cache-ttl");
        assertThat(single("select revoked_at is not null from access.api_key where prefix = '" + first + "'"))
                .isEqualTo("t");
        assertThat(single("select revoked_at is not null from access.api_key where prefix = '" + second + "'"))
                .isEqualTo("f");

        out.getBuffer().setLength(0);
        assertThat(vspec("keys", "revoke", Long.toString(secondId)))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .startsWith("Revoked key " + secondId + " (" + second + "…, second@example.com, free plan) at ");
        assertThat(single("select revoked_at is not null from access.api_key where id = " + secondId))
                .isEqualTo("t");

        out.getBuffer().setLength(0);
        assertThat(vspec("keys", "revoke", keys.get(1))).isZero();
        assertThat(out.toString())
                .startsWith("Key " + secondId + " (")
                .contains(" was already revoked at ")
                .doesNotContain(keys.get(1));

        out.getBuffer().setLength(0);
        vspec("keys", "list");
        assertThat(lineWith(first)).matches(".*  revoked \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$");
        assertThat(lineWith(second)).matches(".*  revoked \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$");
    }

    @Test
    void refusesToRevokeAKeyItCannotFind() {
        assertThat(vspec("keys", "revoke", "987654321")).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("vspec: No key matches 987654321" + NL);

        err.getBuffer().setLength(0);
        assertThat(vspec("keys", "revoke", "vsk_live_")).isEqualTo(1);
        assertThat(err.toString())
                .startsWith("vspec: Name a key by its id, by its prefix")
                .endsWith(NL)
                .hasLineCount(1);
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void issuesTheKeyAnAccessRequestAskedForAndListsTheRequestAsAnswered() throws SQLException {
        AccessRequest answered;
        AccessRequest waiting;
        try (CloseableDSLContext db = DSL.using(database.url(), database.user(), database.password())) {
            AccessRequestStore requests = new AccessRequestStore(db);
            answered = requests.submit(
                    "Ann Smith",
                    "ann@garage.example",
                    "Garage Co",
                    "Maintenance schedules\nfor our"
                            + " workshop's booking system, and labor times for quotes to customers",
                    Plan.SCALE,
                    "192.0.2.7");
            waiting = requests.submit("Bob", "bob@example.org", null, "Hobby project", Plan.FREE, "192.0.2.8");
        }

        assertThat(vspec("keys", "issue", "--from-request", Long.toString(answered.id())))
                .as(err.toString())
                .isZero();
        String key = keysIn(out.toString()).get(0);
        assertThat(out.toString())
                .contains("  owner                ann@garage.example (Garage Co)" + NL)
                .contains("  plan                 scale" + NL)
                .contains("  access request       " + answered.id() + NL);
        String keyId = single("select id from access.api_key where prefix = '" + ApiKeys.displayPrefix(key) + "'");
        assertThat(single("select access_request_id from access.api_key where id = " + keyId))
                .isEqualTo(Long.toString(answered.id()));
        assertThat(out.toString()).doesNotContain("already");

        out.getBuffer().setLength(0);
        assertThat(vspec("keys", "issue", "--from-request", Long.toString(answered.id())))
                .as(err.toString())
                .isZero();
        String againId = single("select id from access.api_key where prefix = '"
                + ApiKeys.displayPrefix(keysIn(out.toString()).get(0)) + "'");
        assertThat(out.toString())
                .endsWith(NL + NL + "Note: access request " + answered.id() + " had already been answered"
                        + " with key " + keyId + " (vspec keys list shows whether it is still active)." + NL);
        out.getBuffer().setLength(0);

        assertThat(vspec(
                        "keys",
                        "issue",
                        "--from-request",
                        Long.toString(waiting.id()),
                        "--plan",
                        "pro",
                        "--owner",
                        "Bob's lab"))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .contains("  owner                Bob's lab" + NL)
                .contains("  plan                 pro" + NL);
        String bobsKey = keysIn(out.toString()).get(0);
        String bobsKeyId =
                single("select id from access.api_key where prefix = '" + ApiKeys.displayPrefix(bobsKey) + "'");
        vspec("keys", "revoke", bobsKeyId);
        out.getBuffer().setLength(0);

        assertThat(vspec("access-requests", "list")).as(err.toString()).isZero();
        assertThat(out.toString())
                .startsWith("ID  SUBMITTED (UTC)   NAME")
                .contains("Issue a key for a request with: vspec keys issue --from-request ID");
        assertThat(lineWith("ann@garage.example"))
                .matches(" *" + answered.id()
                        + "  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  Ann Smith +ann@garage\\.example +Garage Co +scale"
                        + " +Maintenance schedules for our workshop's booking system, an…  keys " + keyId + ", "
                        + againId);
        assertThat(lineWith("bob@example.org"))
                .matches(".*  Bob +bob@example\\.org +free +Hobby project +key " + bobsKeyId);
    }

    @Test
    void listsKeysAndRequestsAsJsonForScripts() throws SQLException {
        AccessRequest request;
        try (CloseableDSLContext db = DSL.using(database.url(), database.user(), database.password())) {
            request = new AccessRequestStore(db)
                    .submit(
                            "Dee",
                            "dee@example.net",
                            null,
                            "Parts prices\nfor a quoting tool," + " in full however long it is: " + "x".repeat(80),
                            Plan.PRO,
                            "192.0.2.10");
        }
        vspec("keys", "issue", "--from-request", Long.toString(request.id()));
        String key = keysIn(out.toString()).get(0);
        String prefix = ApiKeys.displayPrefix(key);
        long keyId = Long.parseLong(single("select id from access.api_key where prefix = '" + prefix + "'"));
        vspec("keys", "revoke", Long.toString(keyId));
        out.getBuffer().setLength(0);

        assertThat(vspec("keys", "list", "--json")).as(err.toString()).isZero();
        JsonNode keys = JSON.readTree(out.toString());
        assertThat(out.toString()).doesNotContain(key).doesNotContain(ApiKeys.hash(key));
        JsonNode listed = keys.valueStream()
                .filter(k -> k.path("id").asLong() == keyId)
                .findFirst()
                .orElseThrow();
        assertThat(listed.path("prefix").asString()).isEqualTo(prefix);
        assertThat(listed.path("owner").asString()).isEqualTo("dee@example.net");
        assertThat(listed.path("plan").asString()).isEqualTo("pro");
        assertThat(listed.path("scopes").valueStream().map(JsonNode::asString))
                .containsExactly(
                        "maintenance:read", "labor:read", "media:read", "service_history:read", "enrich:write");
        assertThat(listed.path("requests_per_minute").asLong()).isEqualTo(300);
        assertThat(listed.path("reads_per_month").asLong()).isEqualTo(250_000);
        assertThat(Instant.parse(listed.path("created_at").asString()))
                .isBeforeOrEqualTo(Instant.parse(listed.path("revoked_at").asString()));
        assertThat(listed.path("status").asString()).isEqualTo("revoked");

        out.getBuffer().setLength(0);
        assertThat(vspec("access-requests", "list", "--json"))
                .as(err.toString())
                .isZero();
        JsonNode requested = JSON.readTree(out.toString())
                .valueStream()
                .filter(r -> r.path("id").asLong() == request.id())
                .findFirst()
                .orElseThrow();
        assertThat(requested.path("intended_use").asString()).as("in full").isEqualTo(request.intendedUse());
        assertThat(requested.path("company").isNull()).isTrue();
        assertThat(requested.path("keys").valueStream().map(JsonNode::asLong)).containsExactly(keyId);
        assertThat(Instant.parse(requested.path("submitted_at").asString()))
                .isEqualTo(request.submittedAt().toInstant());
    }

    @Test
    void listsARequestNoKeyAnswersAsWaiting() {
        try (CloseableDSLContext db = DSL.using(database.url(), database.user(), database.password())) {
            new AccessRequestStore(db).submit("Cy", "cy@example.net", "", "Fleet dashboards", Plan.PRO, "192.0.2.9");
        }

        assertThat(vspec("access-requests", "list")).isZero();
        assertThat(lineWith("cy@example.net")).matches(".*  Cy +cy@example\\.net +pro +Fleet dashboards +waiting");
    }

    /** A declined request keeps when and why, lists as declined, and is issued no key; vspec sends no email. */
    @Test
    void declinesARequestWhichThenGetsNoKey() throws SQLException {
        AccessRequest request;
        try (CloseableDSLContext db = DSL.using(database.url(), database.user(), database.password())) {
            request = new AccessRequestStore(db)
                    .submit("Eve", "eve@example.org", null, "Scraping every VIN we can find", Plan.SCALE, "192.0.2.11");
        }
        String id = Long.toString(request.id());

        assertThat(vspec(
                        "access-requests",
                        "decline",
                        id,
                        "--reason",
                        "  Bulk resale of the data is not a use we support "))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .matches("Declined access request " + id + " \\(Eve, eve@example\\.org, scale plan\\) at"
                        + " \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: Bulk resale of the data is not a use we support"
                        + NL
                        + "vspec sends no email: write to eve@example\\.org yourself\\." + NL);

        out.getBuffer().setLength(0);
        assertThat(vspec("access-requests", "decline", id, "--reason", "Another reason"))
                .isZero();
        assertThat(out.toString())
                .contains("was already declined at")
                .contains("(Bulk resale of the data is not a use we support)")
                .endsWith("nothing changed." + NL);

        assertRefused(1, "Access request " + id + " was declined at", "keys", "issue", "--from-request", id);
        assertThat(single("select count(*) from access.api_key where access_request_id = " + id))
                .isEqualTo("0");

        out.getBuffer().setLength(0);
        assertThat(vspec("access-requests", "list")).isZero();
        assertThat(lineWith("eve@example.org"))
                .matches(".*  Eve +eve@example\\.org +scale +Scraping every VIN we can find"
                        + " +declined \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d");
        out.getBuffer().setLength(0);
        assertThat(vspec("access-requests", "list", "--json")).isZero();
        JsonNode listed = JSON.readTree(out.toString())
                .valueStream()
                .filter(r -> r.path("id").asLong() == request.id())
                .findFirst()
                .orElseThrow();
        assertThat(listed.path("decline_reason").asString())
                .isEqualTo("Bulk resale of the data is not a use we support");
        assertThat(Instant.parse(listed.path("declined_at").asString()))
                .isAfterOrEqualTo(request.submittedAt().toInstant());
    }

    @Test
    void refusesToDeclineARequestAKeyAnswersOrNoneHasOrWithoutAReason() throws SQLException {
        AccessRequest request;
        try (CloseableDSLContext db = DSL.using(database.url(), database.user(), database.password())) {
            request = new AccessRequestStore(db)
                    .submit("Fay", "fay@example.org", null, "Workshop quotes for brakes", Plan.FREE, "192.0.2.12");
        }
        String id = Long.toString(request.id());
        vspec("keys", "issue", "--from-request", id);
        String keyId = single("select id from access.api_key where access_request_id = " + id);

        assertRefused(
                1,
                "Access request " + id + " was answered with key " + keyId + "; a request answered with a key is not"
                        + " declined: revoke the key instead",
                "access-requests",
                "decline",
                id,
                "--reason",
                "Changed our mind");
        assertRefused(1, "There is no access request 999999", "access-requests", "decline", "999999", "--reason", "No");
        assertRefused(2, "Give --reason one line of text", "access-requests", "decline", id, "--reason", "two\nlines");
        assertRefused(
                2, "--reason is at most 500 characters", "access-requests", "decline", id, "--reason", "x".repeat(501));
        assertThat(single("select count(*) from access.access_request where declined_at is not null and id = " + id))
                .isEqualTo("0");
    }

    @Test
    void refusesBadInputInOneLineAndIssuesNothing() throws SQLException {
        String keysBefore = single("select count(*) from access.api_key");

        assertRefused(
                2,
                "An enterprise key needs its negotiated limits: requests per minute and reads per month",
                "keys",
                "issue",
                "--plan",
                "enterprise",
                "--owner",
                "Initech",
                "--reads-per-month",
                "100");
        assertRefused(
                2,
                "The free plan does not include enrich:write; its scopes are maintenance:read, labor:read, media:read",
                "keys",
                "issue",
                "--plan",
                "free",
                "--owner",
                "x@example.com",
                "--scopes",
                "maintenance:read,enrich:write");
        assertRefused(
                2,
                "Unknown scope 'parts:read'; the scopes are maintenance:read, labor:read, media:read,"
                        + " service_history:read, enrich:write",
                "keys",
                "issue",
                "--plan",
                "pro",
                "--owner",
                "x",
                "--scopes",
                "parts:read");
        assertRefused(
                2,
                "Unknown plan 'gold'; the plans are free, pro, scale, enterprise",
                "keys",
                "issue",
                "--plan",
                "gold",
                "--owner",
                "x@example.com");
        assertRefused(
                2,
                "Only enterprise keys take their own limits; the pro plan allows 300 requests per minute and 250000 reads per month",
                "keys",
                "issue",
                "--plan",
                "pro",
                "--owner",
                "x@example.com",
                "--requests-per-minute",
                "1000");
        assertRefused(
                2,
                "Give --plan and --owner, or --from-request with an access request's id (vspec keys issue --help)",
                "keys",
                "issue",
                "--plan",
                "pro");
        assertRefused(
                1,
                "There is no access request 987654321 (vspec access-requests list shows them)",
                "keys",
                "issue",
                "--from-request",
                "987654321");

        assertThat(single("select count(*) from access.api_key")).isEqualTo(keysBefore);
    }

    @Test
    void explainsAnUnreachableDatabaseInOneLine() {
        int exit = vspec("keys", "list", "--db-url", "jdbc:postgresql://127.0.0.1:1/vspec", "--db-user", "postgres");

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString())
                .startsWith("vspec: Cannot connect to jdbc:postgresql://127.0.0.1:1/vspec as user 'postgres': ")
                .endsWith(". Start the stack (vspec up) or set VSPEC_DB_URL, VSPEC_DB_USER and VSPEC_DB_PASSWORD." + NL)
                .hasLineCount(1);
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void helpExplainsEveryOptionAndThePlansAsTheyAre() {
        CommandLine cli = new CommandLine(new VspecCli());
        String keysHelp = cli.getSubcommands().get("keys").getUsageMessage();
        assertThat(keysHelp).contains("issue", "list", "revoke", "--from-request", "VSPEC_DB_PASSWORD");

        CommandLine issue = cli.getSubcommands().get("keys").getSubcommands().get("issue");
        assertThat(issue.getCommandSpec().options()).allMatch(option -> option.description().length > 0);
        String help = issue.getUsageMessage();
        for (Plan plan : Plan.values()) {
            String block = planBlock(help, plan);
            assertThat(block)
                    .as(plan.code())
                    .contains(plan.scopes().stream().map(Scope::code).toList());
            Stream.of(Scope.values())
                    .filter(scope -> !plan.scopes().contains(scope))
                    .forEach(scope -> assertThat(block).as(plan.code()).doesNotContain(scope.code()));
            if (plan != Plan.ENTERPRISE) {
                assertThat(block)
                        .contains(String.format(
                                Locale.ROOT,
                                "%,d requests/minute, %,d reads/month",
                                plan.requestsPerMinute().getAsLong(),
                                plan.readsPerMonth().getAsLong()));
            }
        }
    }

    private void assertRefused(int exitCode, String message, String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertThat(vspec(args)).as(String.join(" ", args)).isEqualTo(exitCode);
        assertThat(err.toString())
                .as(String.join(" ", args))
                .startsWith("vspec: " + message)
                .endsWith(NL)
                .hasLineCount(1);
        assertThat(out.toString()).isEmpty();
    }

    private static String planBlock(String help, Plan plan) {
        int start = help.indexOf(NL + "  " + plan.code() + " ");
        assertThat(start).as(plan.code()).isPositive();
        int end = Stream.of(Plan.values())
                .mapToInt(other -> help.indexOf(NL + "  " + other.code() + " ", start + 1))
                .filter(index -> index > start)
                .min()
                .orElse(help.length());
        return help.substring(start, end);
    }

    private int vspec(String... args) {
        String[] withDatabase = Stream.concat(
                        Stream.of(args),
                        Stream.of(args).anyMatch(arg -> arg.equals("--db-url"))
                                ? Stream.empty()
                                : Stream.of("--db-url", database.url(), "--db-user", database.user()))
                .toArray(String[]::new);
        return new CommandLine(new VspecCli())
                .setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err))
                .execute(withDatabase);
    }

    private String lineWith(String text) {
        List<String> lines =
                out.toString().lines().filter(line -> line.contains(text)).toList();
        assertThat(lines).as(text).hasSize(1);
        return lines.get(0);
    }

    private static List<String> keysIn(String text) {
        List<String> keys = new ArrayList<>();
        Matcher matcher = KEY.matcher(text);
        while (matcher.find()) {
            keys.add(matcher.group());
        }
        return keys;
    }

    private static String single(String sql) throws SQLException {
        List<List<String>> rows = query(sql);
        assertThat(rows).hasSize(1);
        return rows.get(0).get(0);
    }

    private static List<List<String>> query(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            List<List<String>> result = new ArrayList<>();
            while (rows.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
                    row.add(rows.getString(i));
                }
                result.add(row);
            }
            return result;
        }
    }
}
