package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.core.io.Resource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * Reads a catalog file ({@code docs/catalog-format.md}) one configuration at a time, so a catalog
 * of any size needs the memory of one configuration: the top level is streamed here, each configuration
 * is bound by {@link CatalogJson}, checked against {@link CatalogRules} and becomes the commands that record it
 * ({@link ConfigurationSteps}); the first problem stops the read with a {@link CatalogImportException} naming
 * the entry.
 */
public final class CatalogReader {

    static final String FORMAT = "vspec-catalog/1";
    /** The kinds of workshop a service record's {@code performed_by} may name. */
    public static final Set<String> WORKSHOP_KINDS = CatalogRules.PERFORMERS;

    /**
     * One command to send, with where in the file it comes from, made for the source that sends it
     * (the import file, the vendor that answered); image bytes are read only when it is made.
     */
    public record Step(String path, Function<FactSource, CatalogCommand> command) {

        public CatalogCommand commandFrom(FactSource source) {
            return command.apply(source);
        }
    }

    /** One configuration of the file: its key, its VINs and every command that records it, in order. */
    public record Entry(String path, String configKey, List<String> vins, List<Step> steps) {}

    /** Reads the catalog and hands each configuration to {@code sink} in file order; the first problem ends it. */
    public void read(Resource catalog, Consumer<Entry> sink) {
        read(catalog, sink, problem -> {
            throw problem;
        });
    }

    /**
     * Reads the catalog and hands each configuration to {@code sink} in file order; a configuration that breaks a
     * rule goes to {@code problems} instead and the next one is read. A file that is not a catalog (not JSON, a field
     * of the wrong type) ends the read at its first problem.
     */
    public void read(Resource catalog, Consumer<Entry> sink, Consumer<CatalogImportException> problems) {
        try (InputStream in = catalog.getInputStream();
                JsonParser parser = CatalogJson.MAPPER.createParser(in)) {
            readCatalog(catalog, parser, sink, problems);
        } catch (IOException e) {
            throw new CatalogImportException(
                    "cannot read catalog " + catalog.getDescription() + ": " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw CatalogJson.notJson(e);
        }
    }

    /**
     * Parses a catalog document the way {@link #read(Resource, Consumer)} does (a field twice in one
     * object is refused, numbers stay exactly as written) without checking it against the format,
     * so it can be changed, e.g. sanitized, before {@link #read(JsonNode, Consumer)}.
     */
    public JsonNode parse(byte[] json) {
        try {
            return CatalogJson.MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw CatalogJson.notJson(e);
        }
    }

    /**
     * Reads a parsed catalog like {@link #read(Resource, Consumer)}. It lies in no folder an image
     * path could be relative to, so a configuration with an {@code image} is refused.
     */
    public void read(JsonNode catalog, Consumer<Entry> sink) {
        try (JsonParser parser = CatalogJson.MAPPER.treeAsTokens(catalog)) {
            readCatalog(null, parser, sink, problem -> {
                throw problem;
            });
        }
    }

    private void readCatalog(
            Resource catalog, JsonParser parser, Consumer<Entry> sink, Consumer<CatalogImportException> problems) {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new CatalogImportException("a catalog is a JSON object with format, description and configurations");
        }
        boolean hasFormat = false;
        boolean hasConfigurations = false;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "format" -> {
                    if (value != JsonToken.VALUE_STRING || !FORMAT.equals(parser.getString())) {
                        throw new CatalogImportException("format must be \"" + FORMAT + "\"");
                    }
                    hasFormat = true;
                }
                case "description" -> {
                    if (value != JsonToken.VALUE_STRING) {
                        throw new CatalogImportException("description must be a string");
                    }
                }
                case "configurations" -> {
                    if (value != JsonToken.START_ARRAY) {
                        throw new CatalogImportException("configurations must be a list");
                    }
                    for (int index = 0; parser.nextToken() != JsonToken.END_ARRAY; index++) {
                        String at = "configurations[" + index + "]";
                        ConfigurationEntry configuration = CatalogJson.configuration(parser, at);
                        Entry entry;
                        try {
                            entry = ConfigurationSteps.entry(catalog, Problems.inFile(at), configuration);
                        } catch (CatalogImportException e) {
                            problems.accept(e);
                            continue;
                        }
                        sink.accept(entry);
                    }
                    hasConfigurations = true;
                }
                default ->
                    throw new CatalogImportException(
                            "unknown field \"" + field + "\"; a catalog has format, description and configurations");
            }
        }
        if (!hasFormat) {
            throw new CatalogImportException(
                    "format is missing; the first line of a catalog is \"format\": \"" + FORMAT + "\"");
        }
        if (!hasConfigurations) {
            throw new CatalogImportException("configurations is missing");
        }
        if (parser.nextToken() != null) {
            throw new CatalogImportException("unexpected content after the catalog object");
        }
    }
}
