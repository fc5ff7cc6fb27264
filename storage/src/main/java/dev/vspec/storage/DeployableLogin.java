package dev.vspec.storage;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;

/**
 * A deployable's connection pool logs in as its own PostgreSQL role, whose grants are all it may touch
 * ({@code afterMigrate__deployable_roles.sql}); the configured user, the schemas' owner, only migrates.
 * The role is {@code vspec.database.login} when set, else {@code <database>_<vspec.database.role>}: the
 * name the migrations give it. A deployable that names no {@code vspec.database.role} connects as before.
 *
 * <p>It stands in for the configuration files' {@code spring.datasource.username} (the owner,
 * {@code VSPEC_DB_USER}) alone: a user given as a command-line argument, a system property or an environment
 * variable of Spring's own name still wins, as a test or a tool that means the owner gives it.
 */
public class DeployableLogin implements EnvironmentPostProcessor, Ordered {

    static final String ROLE = "vspec.database.role";
    static final String LOGIN = "vspec.database.login";
    static final String LOGIN_PASSWORD = "vspec.database.login-password";
    /** How Spring Boot names the property sources of the configuration files it read. */
    static final String CONFIG_FILES = "Config resource";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String role = environment.getProperty(ROLE, "");
        if (role.isEmpty()) {
            return;
        }
        Map<String, Object> login = new HashMap<>();
        if (!environment.containsProperty("spring.flyway.user")) {
            login.put("spring.flyway.user", environment.getProperty("spring.datasource.username", ""));
            login.put("spring.flyway.password", environment.getProperty("spring.datasource.password", ""));
        }
        String name = environment.getProperty(LOGIN, "");
        login.put(
                "spring.datasource.username",
                name.isEmpty() ? roleName(environment.getProperty("spring.datasource.url", ""), role) : name);
        login.put("spring.datasource.password", environment.getProperty(LOGIN_PASSWORD, ""));
        aboveTheConfigurationFiles(
                environment.getPropertySources(), new MapPropertySource("vspec-deployable-login", login));
    }

    /** Before the first configuration file's source, below the command line's, the system's and the tests' own. */
    private static void aboveTheConfigurationFiles(MutablePropertySources sources, MapPropertySource source) {
        sources.stream()
                .map(PropertySource::getName)
                .filter(sourceName -> sourceName.startsWith(CONFIG_FILES))
                .findFirst()
                .ifPresentOrElse(files -> sources.addBefore(files, source), () -> sources.addFirst(source));
    }

    /** {@code <database>_<role>}, the database read from a PostgreSQL JDBC URL. */
    static String roleName(String jdbcUrl, String role) {
        String rest = jdbcUrl.replaceFirst("^jdbc:postgresql://[^/]*/?", "");
        String database = rest.replaceFirst("[?#].*$", "");
        if (database.isEmpty() || rest.equals(jdbcUrl)) {
            throw new IllegalStateException("spring.datasource.url names no PostgreSQL database, so the role of " + role
                    + " cannot be named after it: set " + LOGIN + " (VSPEC_DB_ROLE)");
        }
        return database + "_" + role;
    }

    /** After the configuration files are read, which name the database and the deployable's role. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
