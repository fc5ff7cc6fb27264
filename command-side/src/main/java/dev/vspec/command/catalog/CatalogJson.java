package dev.vspec.command.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.Vin;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * How a catalog file is read as JSON: a field twice in one object, an unknown field, a value of another
 * type (a number for text, text for a number, a fraction for a whole number) and a date not written
 * YYYY-MM-DD are refused, and numbers stay exactly as written. Jackson's refusals are told in the file's
 * own terms, at the path Jackson reports, never with a class name. An export writes the same records back
 * ({@link #WRITER}).
 */
final class CatalogJson {

    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            // a whole number left out is missing, not 0
            .withConfigOverride(int.class, o -> o.setNullHandling(JsonSetter.Value.forValueNulls(Nulls.FAIL)))
            .withCoercionConfig(
                    LogicalType.Textual,
                    c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfig(
                    LogicalType.Integer,
                    c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Float, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail))
            .addModule(new SimpleModule("catalog-dates").addDeserializer(LocalDate.class, new IsoDate()))
            .build();

    /** One configuration at a time: the parser goes on to the next one. */
    private static final ObjectReader CONFIGURATION =
            MAPPER.readerFor(ConfigurationEntry.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * Writes catalog values as a file holds them: what is not given left out (an empty list stays), numbers as they
     * were read, dates YYYY-MM-DD, laid out by {@link CatalogLayout}.
     */
    static final ObjectWriter WRITER = MAPPER.rebuild()
            .changeDefaultPropertyInclusion(inclusion ->
                    JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
            .build()
            .writer()
            .with(new CatalogLayout());

    private static final String SERVICE_RECORD_HINT = "; a service record holds no personal data and no free text";

    private CatalogJson() {}

    /** The configuration the parser is at, {@code at} in the file. */
    static ConfigurationEntry configuration(JsonParser parser, String at) {
        try {
            return CONFIGURATION.readValue(parser);
        } catch (DatabindException | InputCoercionException e) {
            throw problem(at, e);
        }
    }

    static CatalogImportException notJson(JacksonException e) {
        TokenStreamLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 1
                ? ""
                : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
        return new CatalogImportException(where + "not valid JSON: " + e.getOriginalMessage(), e);
    }

    private static CatalogImportException problem(String at, JacksonException e) {
        List<JacksonException.Reference> path = e.getPath();
        String where = at + path(path);
        // where the path ends with a field, the message names the object that has it, as the rules do
        String parent = at + path(path.subList(0, Math.max(0, path.size() - 1)));
        String message;
        if (e instanceof UnrecognizedPropertyException unknown) {
            String known = unknown.getKnownPropertyIds().stream()
                    .map(String::valueOf)
                    .sorted()
                    .collect(Collectors.joining(", "));
            message = parent + ": unknown field \"" + unknown.getPropertyName()
                    + "\"; known fields are " + known
                    + (unknown.getReferringClass() == ServiceRecord.class ? SERVICE_RECORD_HINT : "");
        } else if (e instanceof InvalidNullException missing) {
            message = parent + ": " + missing.getPropertyName().getSimpleName() + " is required";
        } else if (e instanceof ValueInstantiationException refused
                && (refused.getCause() instanceof ApiException
                        || refused.getCause() instanceof IllegalArgumentException)) {
            // our records' and Vin's own refusals, written for whoever wrote the file
            message = where + ": " + refused.getCause().getMessage();
        } else if (e instanceof InputCoercionException) {
            message = where + ": must be a whole number";
        } else if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            message = where + ": must be " + expected(mismatch, path);
        } else {
            message = where + ": is not what the catalog format allows here";
        }
        return new CatalogImportException(message, e);
    }

    private static String expected(MismatchedInputException e, List<JacksonException.Reference> path) {
        Class<?> type = e.getTargetType();
        if (type == String.class || type == Vin.class) {
            return "a string";
        }
        if (type == int.class || type == Integer.class) {
            return "a whole number";
        }
        if (type == BigDecimal.class) {
            return "a number";
        }
        if (type == LocalDate.class) {
            return "a date (YYYY-MM-DD)"
                    + (e instanceof InvalidFormatException f && f.getValue() instanceof String text
                            ? "; got \"" + text + "\""
                            : "");
        }
        if (Map.class.isAssignableFrom(type)) {
            return "an object with a list of visits per VIN";
        }
        if (Collection.class.isAssignableFrom(type)) {
            boolean visits = path.size() > 1
                    && "service_history".equals(path.get(path.size() - 2).getPropertyName());
            return visits ? "a list of visits" : "a list";
        }
        return "an object";
    }

    /** Jackson's path as the file's: {@code .fluids[0].type}, a map key as a field. */
    private static String path(List<JacksonException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : references) {
            if (reference.getPropertyName() != null) {
                path.append('.').append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** Exactly YYYY-MM-DD: neither a time of day, nor spaces, nor an array of numbers. */
    private static final class IsoDate extends StdScalarDeserializer<LocalDate> {

        IsoDate() {
            super(LocalDate.class);
        }

        @Override
        public LocalDate deserialize(JsonParser parser, DeserializationContext context) {
            if (!parser.hasToken(JsonToken.VALUE_STRING)) {
                return (LocalDate) context.handleUnexpectedToken(LocalDate.class, parser);
            }
            String text = parser.getString();
            try {
                return LocalDate.parse(text);
            } catch (DateTimeParseException e) {
                return (LocalDate) context.handleWeirdStringValue(LocalDate.class, text, "not a date YYYY-MM-DD");
            }
        }
    }
}
