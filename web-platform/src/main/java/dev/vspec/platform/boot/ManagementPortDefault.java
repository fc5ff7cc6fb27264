package dev.vspec.platform.boot;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Metrics and info answer on a management port of their own ({@code vspec-common.yml} binds it to
 * 127.0.0.1), never on the public one. Unless {@code management.server.port} is set, it is the
 * deployable's port + 1000 (the gateway's 8080 gives 9080), and a free one when the deployable
 * takes a free port (port 0, as tests do) or + 1000 is no port, so that several deployables in one
 * JVM never ask for the same management port.
 */
public class ManagementPortDefault implements EnvironmentPostProcessor, Ordered {

    static final String MANAGEMENT_PORT = "management.server.port";
    static final int OFFSET = 1000;
    private static final int MAX_PORT = 65535;

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (environment.containsProperty(MANAGEMENT_PORT)) {
            return;
        }
        int port = environment.getProperty("server.port", Integer.class, 8080);
        if (port < 0) {
            return;
        }
        int management = port == 0 || port + OFFSET > MAX_PORT ? 0 : port + OFFSET;
        environment
                .getPropertySources()
                .addLast(new MapPropertySource("vspec-management-port", Map.of(MANAGEMENT_PORT, management)));
    }

    /** After the configuration files are read, which name the deployable's port. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
