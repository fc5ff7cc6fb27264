package dev.vspec.platform.boot;

import java.util.Arrays;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Lets a deployable decline whole families of auto-configuration by package prefix
 * ({@code vspec.autoconfigure.exclude-prefixes}). The local stack runs every deployable in one
 * JVM with one classpath, so without this the query side would start Axon and the gateway would
 * look for a DataSource; each deployable's own file names what is not its business.
 */
public class DeployableAutoConfigurationFilter implements AutoConfigurationImportFilter, EnvironmentAware {

    static final String PROPERTY = "vspec.autoconfigure.exclude-prefixes";

    private List<String> prefixes = List.of();

    @Override
    public void setEnvironment(Environment environment) {
        String[] configured = environment.getProperty(PROPERTY, String[].class, new String[0]);
        prefixes = Arrays.stream(configured)
                .map(String::strip)
                .filter(p -> !p.isEmpty())
                .toList();
    }

    @Override
    public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
        boolean[] matches = new boolean[autoConfigurationClasses.length];
        for (int i = 0; i < autoConfigurationClasses.length; i++) {
            String candidate = autoConfigurationClasses[i];
            matches[i] = candidate == null || prefixes.stream().noneMatch(candidate::startsWith);
        }
        return matches;
    }
}
