package dev.vspec.vpic;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The npm registry the machine is configured with, found as npm finds it, but without npm: the environment's
 * {@code npm_config_registry} (any case, e.g. {@code NPM_CONFIG_REGISTRY}), else the {@code registry=} line of the
 * user's npmrc ({@code $npm_config_userconfig}, else {@code ~/.npmrc}; {@code ${VAR}} in it read from the
 * environment), else {@link #DEFAULT}. A project's {@code .npmrc}, npm's global npmrc and scoped registries
 * ({@code @scope:registry=}) are not read.
 *
 * @param value        the registry as configured, not yet checked
 * @param configuredBy where it was found, for messages: {@code npm_config_registry}, the npmrc's path, or
 *                     {@code npm's default}
 */
public record NpmRegistry(String value, String configuredBy) {

    public static final String DEFAULT = "https://registry.npmjs.org/";

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]+)}");

    /** Where the environment (and the user's npmrc it leads to) says the registry is. */
    public static NpmRegistry configured(Map<String, String> environment) {
        Optional<Map.Entry<String, String>> fromEnvironment = variable(environment, "npm_config_registry");
        if (fromEnvironment.isPresent()) {
            return new NpmRegistry(
                    fromEnvironment.get().getValue().strip(),
                    fromEnvironment.get().getKey());
        }
        Path npmrc = userConfig(environment);
        return fromNpmrc(npmrc, environment)
                .map(value -> new NpmRegistry(value, npmrc.toString()))
                .orElse(new NpmRegistry(DEFAULT, "npm's default"));
    }

    /**
     * The registry's URL, ending with a slash so that a package's document resolves under it.
     *
     * @throws VpicUnavailable when it is not an http or https URL
     */
    public URI uri() {
        String text = value.endsWith("/") ? value : value + "/";
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("https") || scheme.equals("http")) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // said below
        }
        throw new VpicUnavailable(
                "The npm registry '" + value + "' (from " + configuredBy + ") is not an http or https URL");
    }

    /** The URL of the package's document: the registry, then the name with its scope's slash escaped. */
    URI packument(String packageName) {
        return uri().resolve(packageName.replace("/", "%2f"));
    }

    @Override
    public String toString() {
        return value + " (from " + configuredBy + ")";
    }

    /** {@code $npm_config_userconfig}, else {@code ~/.npmrc} ({@code $HOME}, else the JVM's user.home). */
    static Path userConfig(Map<String, String> environment) {
        Optional<Map.Entry<String, String>> named = variable(environment, "npm_config_userconfig");
        if (named.isPresent()) {
            return Path.of(named.get().getValue().strip());
        }
        String home = environment.get("HOME");
        return Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home, ".npmrc");
    }

    /** The last {@code registry} of an npmrc (later lines win, as in npm's ini files); empty without a file. */
    static Optional<String> fromNpmrc(Path npmrc, Map<String, String> environment) {
        List<String> lines;
        try {
            lines = Files.readAllLines(npmrc, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        String registry = null;
        for (String line : lines) {
            String entry = line.strip();
            int equals = entry.indexOf('=');
            if (entry.startsWith("#") || entry.startsWith(";") || equals < 0) {
                continue;
            }
            if (entry.substring(0, equals).strip().equals("registry")) {
                String value = unquoted(entry.substring(equals + 1).strip());
                if (!value.isEmpty()) {
                    registry = expanded(value, environment);
                }
            }
        }
        return Optional.ofNullable(registry);
    }

    private static String unquoted(String value) {
        boolean quoted = value.length() >= 2
                && (value.startsWith("\"") && value.endsWith("\"") || value.startsWith("'") && value.endsWith("'"));
        return quoted ? value.substring(1, value.length() - 1) : value;
    }

    /** npm's {@code ${VAR}} in an npmrc value, from the environment (empty when unset). */
    private static String expanded(String value, Map<String, String> environment) {
        Matcher variable = VARIABLE.matcher(value);
        StringBuilder result = new StringBuilder();
        while (variable.find()) {
            variable.appendReplacement(
                    result, Matcher.quoteReplacement(environment.getOrDefault(variable.group(1), "")));
        }
        variable.appendTail(result);
        return result.toString();
    }

    /** npm reads its {@code npm_config_*} variables in any case; the lowercase one first, as npm does. */
    private static Optional<Map.Entry<String, String>> variable(Map<String, String> environment, String name) {
        String exact = environment.get(name);
        if (exact != null && !exact.isBlank()) {
            return Optional.of(Map.entry(name, exact));
        }
        return environment.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(name)
                        && e.getValue() != null
                        && !e.getValue().isBlank())
                .sorted(Map.Entry.comparingByKey())
                .findFirst();
    }
}
