package dev.vspec.cli.stack;

import dev.vspec.testing.StubVendor;
import dev.vspec.testing.database.TestDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.springframework.util.FileSystemUtils;

/**
 * One running local stack for the test classes that only need one running ({@code @ExtendWith(SharedStack.Resolver.class)}
 * and a {@code SharedStack} parameter): started by the first of them in a test JVM, over a database of its own
 * holding the vPIC release, with a stub catalog vendor as its HTTP vendor, and stopped after the JVM's last test.
 * Each class scopes what it counts to data of its own, so none depends on which ran before. Tests that break their
 * stack (BrokerRestartIT, FaultsIT) or lift its limits (EdgeFuzzIT) start their own.
 */
public final class SharedStack implements AutoCloseable {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Path dataDir;
    private final TestDatabase database;
    private final StubVendor vendor;
    private final LocalStack stack;

    private SharedStack(Path dataDir, TestDatabase database, StubVendor vendor, LocalStack stack) {
        this.dataDir = dataDir;
        this.database = database;
        this.vendor = vendor;
        this.stack = stack;
    }

    public LocalStack stack() {
        return stack;
    }

    public TestDatabase database() {
        return database;
    }

    /** GET through the gateway, as a client with API key {@code key} calls it. */
    public HttpResponse<String> get(String pathAndQuery, String key) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(stack.url(Deployable.GATEWAY) + pathAndQuery))
                        .header("Authorization", "Bearer " + key)
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The catalog vendor the command side asks over HTTP; it knows nothing until a test serves it something. */
    public StubVendor vendor() {
        return vendor;
    }

    private static SharedStack start() {
        Path dataDir;
        try {
            dataDir = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "vspec-shared-stack");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TestDatabase database = TestDatabase.createWithVpic("vspec_shared_stack");
        StubVendor vendor = StubVendor.start();
        LocalStack stack = LocalStack.start(StackSettings.onFreePorts(
                        dataDir, database.url(), database.user(), database.password())
                .withProperties(Map.of(
                        "vspec.enrichment.vendor.source", "http",
                        "vspec.enrichment.vendor.base-url", vendor.baseUrl().toString(),
                        "vspec.enrichment.vendor.request-timeout", "2s",
                        "vspec.enrichment.vendor.max-attempts", "3",
                        "vspec.enrichment.vendor.backoff-base", "50ms",
                        "vspec.enrichment.vendor.backoff-cap", "200ms")));
        stack.awaitCaughtUp(Duration.ofMinutes(2), new PrintWriter(Writer.nullWriter()));
        return new SharedStack(dataDir, database, vendor, stack);
    }

    /** JUnit closes it with the launcher session's store, after the JVM's last test. */
    @Override
    public void close() throws IOException {
        stack.close();
        vendor.close();
        database.drop();
        FileSystemUtils.deleteRecursively(dataDir);
    }

    /** Hands test methods and {@code @BeforeAll} methods the JVM's shared stack, starting it on first use. */
    public static final class Resolver implements ParameterResolver {

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == SharedStack.class;
        }

        @Override
        public SharedStack resolveParameter(ParameterContext parameter, ExtensionContext context) {
            // the session's store, not the root context's: Surefire runs each class of a fork as a request of its own
            return context.getStore(
                            ExtensionContext.StoreScope.LAUNCHER_SESSION,
                            ExtensionContext.Namespace.create(SharedStack.class))
                    .computeIfAbsent(SharedStack.class, any -> start(), SharedStack.class);
        }
    }
}
