package dev.vspec.cli.stack;

import dev.vspec.command.CommandSideApplication;
import dev.vspec.gateway.GatewayApplication;
import dev.vspec.projections.ProjectionsApplication;
import dev.vspec.query.QuerySideApplication;
import dev.vspec.sandbox.SandboxApplication;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The deployables of vspec in start order, with what each one declines of the shared classpath
 * when they all run in one JVM (see DeployableAutoConfigurationFilter).
 */
public enum Deployable {
    COMMAND_SIDE("command-side", 8081, CommandSideApplication::application, true, "org.springframework.cloud.gateway"),
    PROJECTIONS(
            "projections",
            8083,
            ProjectionsApplication::application,
            true,
            "org.axonframework,org.springframework.cloud.gateway"),
    QUERY_SIDE(
            "query-side",
            8082,
            QuerySideApplication::application,
            false,
            "org.axonframework,org.springframework.boot.kafka,org.springframework.cloud.gateway"),
    SANDBOX(
            "sandbox",
            8084,
            SandboxApplication::application,
            false,
            "org.axonframework,org.springframework.boot.kafka,org.springframework.cloud.gateway"),
    GATEWAY(
            "gateway",
            8080,
            GatewayApplication::application,
            false,
            "org.axonframework,org.springframework.boot.kafka,org.springframework.boot.jdbc,"
                    + "org.springframework.boot.flyway,org.springframework.boot.jooq,dev.vspec.events.axon,dev.vspec.events.kafka,"
                    + "dev.vspec.access");

    /** The property naming the auto-configuration a deployable declines (web-platform's DeployableAutoConfigurationFilter). */
    static final String EXCLUDE_PREFIXES = "vspec.autoconfigure.exclude-prefixes";

    final String id;
    final int defaultPort;
    final Supplier<SpringApplicationBuilder> application;
    final boolean usesKafka;
    final String declinedAutoConfiguration;

    Deployable(
            String id,
            int defaultPort,
            Supplier<SpringApplicationBuilder> application,
            boolean usesKafka,
            String declinedAutoConfiguration) {
        this.id = id;
        this.defaultPort = defaultPort;
        this.application = application;
        this.usesKafka = usesKafka;
        this.declinedAutoConfiguration = declinedAutoConfiguration;
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
