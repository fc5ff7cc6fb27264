package dev.vspec.query.openapi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Says of each field of an answer whether it is always there and whether it can be null, as Jackson
 * writes the record: every component is written, null or not, so it is {@code required}, unless
 * {@code @JsonInclude(NON_NULL)} leaves it out when null (then it is never null); a component whose type is
 * {@link Nullable} may be null, written as 3.1's {@code "null"} type (beside a {@code $ref}, {@code oneOf} the two).
 */
final class RecordFieldPresence implements ModelConverter {

    @Override
    public Schema resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
        Schema<?> resolved = chain.hasNext() ? chain.next().resolve(type, context, chain) : null;
        Class<?> record = recordOf(type.getType());
        if (resolved == null || record == null) {
            return resolved;
        }
        Schema<?> model = resolved.get$ref() == null
                ? resolved
                : context.getDefinedModels()
                        .get(resolved.get$ref().substring(resolved.get$ref().lastIndexOf('/') + 1));
        if (model != null && model.getProperties() != null) {
            describe(record, model);
        }
        return resolved;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void describe(Class<?> record, Schema<?> model) {
        boolean omitsNulls = omitsNulls(record.getAnnotation(JsonInclude.class));
        Map<String, Schema> properties = model.getProperties();
        List<String> required = new ArrayList<>();
        for (RecordComponent component : record.getRecordComponents()) {
            if (component.getAccessor().isAnnotationPresent(JsonIgnore.class)) {
                continue;
            }
            JsonProperty named = component.getAccessor().getAnnotation(JsonProperty.class);
            String name = named != null && !named.value().isEmpty() ? named.value() : component.getName();
            Schema property = properties.get(name);
            if (property == null) {
                continue;
            }
            if (omitsNulls || omitsNulls(component.getAccessor().getAnnotation(JsonInclude.class))) {
                continue; // absent rather than null, so neither required nor nullable
            }
            required.add(name);
            if (component.getAnnotatedType().isAnnotationPresent(Nullable.class)) {
                properties.put(name, nullable(property));
            }
        }
        model.setRequired(required.isEmpty() ? null : required);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema nullable(Schema property) {
        if (property.get$ref() != null) {
            // a schema of its own for each property: swagger's schemas are mutable
            Schema<?> nothing = new Schema<>().types(new LinkedHashSet<>(List.of("null")));
            Schema either = new Schema<>().oneOf(List.of(new Schema<>().$ref(property.get$ref()), nothing));
            either.setDescription(property.getDescription());
            return either;
        }
        if (property.getTypes() != null && !property.getTypes().contains("null")) {
            property.addType("null");
        }
        return property;
    }

    private static boolean omitsNulls(JsonInclude include) {
        return include != null
                && include.value() != JsonInclude.Include.ALWAYS
                && include.value() != JsonInclude.Include.USE_DEFAULTS;
    }

    private static Class<?> recordOf(Type type) {
        Type raw = type instanceof ParameterizedType parameterized ? parameterized.getRawType() : type;
        if (raw instanceof Class<?> cls && cls.isRecord()) {
            return cls;
        }
        // springdoc hands some types as Jackson 2's JavaType
        if (raw instanceof com.fasterxml.jackson.databind.JavaType javaType
                && javaType.getRawClass().isRecord()) {
            return javaType.getRawClass();
        }
        return null;
    }
}
