package dev.vspec.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.client.ApiClient;
import dev.vspec.contracts.access.Plan;
import dev.vspec.testing.TestKeys;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jooq.CloseableDSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The clients generated from the API's document (contracts' bundle of {@code docs/openapi/openapi.yaml}), each taking
 * the same tour against the local stack, started as a user starts it ({@code vspec.jar up}): every route, a 409 resolved
 * through its {@code matches}, a 429 waited out for its {@code Retry-After}, and an enrichment
 * scheduled and polled until it ends. The Java client's tour runs here; the TypeScript and Python
 * tours are their own programs ({@code src/test/typescript}, {@code src/test/python}), run against the
 * same stack, each enriching a VIN of its own. The tours run at once (their keys and VINs are their own), so
 * the suite waits out one minute's 429 instead of three.
 *
 * <p>Each client is the package a release publishes ({@link ClientPackages}, {@code target/dist}), installed as a
 * user installs it: the Java tour runs on the jar's classes (failsafe's classpath), the Python tour on the wheel
 * installed by pip, the TypeScript tour in a project where npm installed the tarball.
 */
@Execution(ExecutionMode.CONCURRENT)
class GeneratedClientsIT {

    /** Sample data: VINs the sample catalog does not hold, one per client's enrichment (see docs/api-guide.md, "Enrichment"). */
    static final String JAVA_ENRICHES = "2T3P1RFV2NW131842";

    private static final String TYPESCRIPT_ENRICHES = "19XFC2F53LE208451";
    private static final String PYTHON_ENRICHES = "1HGCM82633A004352";
    /** Long enough for the free key's minute to end while a tour waits out its 429. */
    private static final Duration TOUR_WITHIN = Duration.ofMinutes(4);
    /** Installing a package, or compiling the TypeScript tour, on a busy machine. */
    private static final Duration STEP_WITHIN = Duration.ofMinutes(2);

    @TempDir
    static Path dataDir;

    private static TestDatabase database;
    private static RunningStack stack;

    @BeforeAll
    static void startTheStack() throws IOException {
        database = TestDatabase.createWithVpic("vspec_clients");
        stack = RunningStack.start(dataDir, database);
    }

    @AfterAll
    static void stopTheStack() {
        if (stack != null) {
            stack.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void theJavaClientTakesTheTour() throws Exception {
        assertThat(Path.of(ApiClient.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI()))
                .as("the client's classes, from its jar (failsafe's classesDirectory)")
                .isEqualTo(ClientPackages.javaJar().toAbsolutePath());
        new JavaClientTour(stack.gateway(), keys()).run(JAVA_ENRICHES);
    }

    /** npm installs the tarball into the tour's project, as into a user's; tsc compiles the tour against it. */
    @Test
    void theTypeScriptClientTakesTheTour() throws Exception {
        Path project = ClientPackages.typescriptTour();
        assertThat(project.resolve(Path.of("node_modules", ".bin", "tsc")))
                .as("installed by the build (npm ci in %s)", project)
                .exists();
        runs(
                project,
                "npm",
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                ClientPackages.npmTarball().toAbsolutePath().toString());
        runs(project, "npm", "run", "--silent", "build");
        assertTourPasses(
                "node",
                List.of("node", project.resolve(Path.of("build", "tour.js")).toString()),
                Map.of(),
                TYPESCRIPT_ENRICHES,
                "vspec-client from " + project.resolve(Path.of("node_modules", "vspec-client")));
    }

    /** pip installs the wheel, without its requirements (the machine's python3 has them), into a folder of its own. */
    @Test
    void thePythonClientTakesTheTour() throws Exception {
        Path site = dataDir.resolve("python-site");
        runs(
                Path.of("."),
                "python3",
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--no-index",
                "--target",
                site.toString(),
                ClientPackages.wheel().toAbsolutePath().toString());
        assertTourPasses(
                "python",
                List.of("python3", Path.of("src", "test", "python", "tour.py").toString()),
                Map.of("PYTHONPATH", site.toString()),
                PYTHON_ENRICHES,
                ClientPackages.pythonVersion() + " from " + site.resolve("vspec_client"));
    }

    /** A pro key for the tour's reads and writes, and a free one for it to spend. */
    static TourKeys keys() {
        try (CloseableDSLContext db = DSL.using(database.url(), database.user(), database.password())) {
            return new TourKeys(TestKeys.issue(db, Plan.PRO), TestKeys.issue(db, Plan.FREE));
        }
    }

    record TourKeys(String pro, String free) {}

    /** Runs an install or build step of a tour, which must end well within {@link #STEP_WITHIN}. */
    private static void runs(Path directory, String... command) throws IOException, InterruptedException {
        Path log = Files.createTempFile(dataDir, command[0], ".log");
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean ended = process.waitFor(STEP_WITHIN.toSeconds(), TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(ended && process.exitValue() == 0)
                .as("%s in %s ended well:%n%s", String.join(" ", command), directory, output)
                .isTrue();
    }

    /**
     * Runs a tour, which must end within {@link #TOUR_WITHIN}, say that it passed, and say first where its client
     * came from ({@code clientFrom}): the package installed from {@code target/dist}.
     */
    private static void assertTourPasses(
            String name, List<String> command, Map<String, String> environment, String enrichVin, String clientFrom)
            throws IOException, InterruptedException {
        TourKeys keys = keys();
        Path log = Files.createTempFile(dataDir, name + "-tour", ".log");
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.put("VSPEC_URL", stack.gateway());
        env.put("VSPEC_PRO_KEY", keys.pro());
        env.put("VSPEC_FREE_KEY", keys.free());
        env.put("VSPEC_ENRICH_VIN", enrichVin);
        env.put("VSPEC_WEBHOOK_URL", JavaClientTour.WEBHOOK + "/" + name);
        env.putAll(environment);
        Process process = builder.start();
        boolean ended = process.waitFor(TOUR_WITHIN.toSeconds(), TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(ended)
                .as("the %s tour ended within %s:%n%s", name, TOUR_WITHIN, output)
                .isTrue();
        assertThat(process.exitValue())
                .as("the %s tour's exit status:%n%s", name, output)
                .isZero();
        assertThat(output).as("the %s tour's client", name).contains(clientFrom);
        assertThat(output).as("the %s tour's last line", name).contains("tour passed");
    }
}
