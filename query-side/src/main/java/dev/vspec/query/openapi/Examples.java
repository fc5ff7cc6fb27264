package dev.vspec.query.openapi;

import dev.vspec.contracts.error.ErrorCode;
import io.swagger.v3.oas.models.examples.Example;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The document's examples, answers the query side gave over the sample catalog ({@code vspec up}) and
 * the installed vPIC release: {@code answers.json} holds the 200 answers of each JSON route, keyed by
 * its path for the one named {@code sample} and by {@code path#name} for further ones (lists cut to
 * three entries), {@code errors.json} the error records by name. Each keeps the query string that
 * produced it as {@code x-query}, and, for a route with a path variable, the path it asked as
 * {@code x-path}; OpenApiIT replays them all, so an answer whose shape or code changes fails there and
 * its example is refreshed by repeating the query.
 */
final class Examples {

    static final String QUERY = "x-query";
    static final String PATH = "x-path";
    /** The name of a route's first 200 example. */
    static final String SAMPLE = "sample";

    private static final char NAMED = '#';

    /**
     * One entry of either file. Numbers stay BigDecimal so {@code 4.20} is written back as {@code 4.20}.
     *
     * @param path the path asked, for a route with a path variable ({@code /api/v1/wmi/1HG}); else null
     */
    record Entry(String summary, String path, String query, Map<String, Object> value) {

        Example example() {
            Example example = new Example().summary(summary).value(value);
            if (path != null) {
                example.addExtension(PATH, path);
            }
            example.addExtension(QUERY, query);
            return example;
        }
    }

    /** A named error example and the code it answers. */
    record ErrorExample(String name, ErrorCode code, Example example) {}

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final Map<String, Entry> answers;
    private final Map<String, Entry> errors;

    private Examples(Map<String, Entry> answers, Map<String, Entry> errors) {
        this.answers = answers;
        this.errors = errors;
    }

    static Examples load() {
        return new Examples(read("answers.json"), read("errors.json"));
    }

    /** The 200 example of the route with this path, if it answers JSON. */
    Optional<Example> answer(String path) {
        return Optional.ofNullable(answers.get(path)).map(Entry::example);
    }

    /** Every 200 example of the route with this path by name, {@link #SAMPLE} first; empty if it answers no JSON. */
    Map<String, Example> answers(String path) {
        Map<String, Example> named = new LinkedHashMap<>();
        answer(path).ifPresent(example -> named.put(SAMPLE, example));
        answers.forEach((key, entry) -> {
            if (key.startsWith(path + NAMED)) {
                named.put(key.substring(path.length() + 1), entry.example());
            }
        });
        if (!named.isEmpty() && !named.containsKey(SAMPLE)) {
            throw new IllegalStateException(
                    "answers.json names examples of " + path + " but has none keyed by the path itself");
        }
        return named;
    }

    Iterable<String> errorNames() {
        return errors.keySet();
    }

    /** @throws IllegalStateException when errors.json has no example of that name */
    ErrorExample error(String name) {
        Entry entry = errors.get(name);
        if (entry == null) {
            throw new IllegalStateException("errors.json has no example named " + name);
        }
        ErrorCode code =
                ErrorCode.valueOf(String.valueOf(entry.value().get("error")).toUpperCase(Locale.ROOT));
        if (!name.equals(code.code()) && !name.startsWith(code.code() + ".")) {
            throw new IllegalStateException(
                    "Example " + name + " answers " + code.code() + "; its name must start with that");
        }
        return new ErrorExample(name, code, entry.example());
    }

    private static Map<String, Entry> read(String file) {
        try (InputStream in = Examples.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + file + " next to " + Examples.class.getName());
            }
            return JSON.readValue(in, new TypeReference<Map<String, Entry>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
