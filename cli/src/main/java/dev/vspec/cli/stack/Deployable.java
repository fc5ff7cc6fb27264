package dev.vspec.cli.stack;

import dev.vspec.command.CommandSideApplication;
import dev.vspec.gateway.GatewayApplication;
import dev.vspec.projections.ProjectionsApplication;
import dev.vspec.query.QuerySideApplication;
import dev.vspec.sandbox.SandboxApplication;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * The deployables of vspec in start order. The local stack runs them in one JVM, each seeing the
 * auto-configuration of its own jars alone ({@link DeployableClassLoader}).
 */
public enum Deployable {
    COMMAND_SIDE("command-side", 8081, CommandSideApplication::application, true),
    PROJECTIONS("projections", 8083, ProjectionsApplication::application, true),
    QUERY_SIDE("query-side", 8082, QuerySideApplication::application, false),
    SANDBOX("sandbox", 8084, SandboxApplication::application, false),
    GATEWAY("gateway", 8080, GatewayApplication::application, false);

    final String id;
    final int defaultPort;
    private final Supplier<SpringApplicationBuilder> application;
    final boolean usesKafka;

    Deployable(String id, int defaultPort, Supplier<SpringApplicationBuilder> application, boolean usesKafka) {
        this.id = id;
        this.defaultPort = defaultPort;
        this.application = application;
        this.usesKafka = usesKafka;
    }

    /**
     * Starts the deployable in this JVM with {@code args}, seeing its own auto-configuration alone; the thread's
     * context class loader is that view while it starts, for what looks up factories there.
     */
    ConfigurableApplicationContext run(UnaryOperator<SpringApplicationBuilder> settings, String... args) {
        ClassLoader view = new DeployableClassLoader(id, Deployable.class.getClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(view);
        try {
            return settings.apply(application.get())
                    .resourceLoader(new DefaultResourceLoader(view))
                    .run(args);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /** The deployable called {@code id} ({@code query-side}, ...). */
    static Optional<Deployable> named(String id) {
        return Arrays.stream(values())
                .filter(deployable -> deployable.id.equals(id))
                .findFirst();
    }

    public String id() {
        return id;
    }
}
