package dev.vspec.events.axon;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.axonframework.serialization.AnnotationRevisionResolver;
import org.axonframework.serialization.ChainingConverter;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;

/**
 * How the event store's payloads are written: JSON from the Jackson 2 mapper Axon serializes events,
 * commands and tokens with (Spring MVC uses Jackson 3; Axon 4 only knows Jackson 2). Records and
 * {@code byte[]} work out of the box; {@code Instant} and {@code LocalDate} need jsr310 and are
 * stored as ISO strings so the event store stays readable. Unknown properties are ignored so an
 * older node can still read an event that gained a field.
 */
public final class EventSerialization {

    private EventSerialization() {}

    /** The mapper itself; needs Jackson 2 (with jsr310) but not Axon on the classpath. */
    public static ObjectMapper objectMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    /**
     * The serializer the command side stores events and tokens with, built without a Spring context
     * the way Axon's auto-configuration builds it (annotation revisions, a chaining converter), for
     * tools that read or write the event store while the command side is not in the same process.
     */
    public static Serializer serializer() {
        return AxonSerializer.of(objectMapper());
    }

    /**
     * Axon's types stay in this nested class: the JVM verifies a class's methods when it loads it,
     * and would then need Axon even for callers of {@link #objectMapper()} alone.
     */
    private static final class AxonSerializer {

        static Serializer of(ObjectMapper mapper) {
            return JacksonSerializer.builder()
                    .revisionResolver(new AnnotationRevisionResolver())
                    .converter(new ChainingConverter(EventSerialization.class.getClassLoader()))
                    .objectMapper(mapper)
                    .build();
        }
    }
}
