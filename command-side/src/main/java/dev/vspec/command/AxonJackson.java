package dev.vspec.command;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.axonframework.serialization.AnnotationRevisionResolver;
import org.axonframework.serialization.ChainingConverter;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Jackson 2 mapper Axon serializes events, commands and tokens with (Spring MVC uses Jackson 3;
 * Axon 4 only knows Jackson 2). Records and {@code byte[]} work out of the box; {@code LocalDate}
 * needs jsr310 and is stored as an ISO date so the event store stays readable. Unknown properties
 * are ignored so an older node can still read an event that gained a field.
 */
@Configuration(proxyBeanMethods = false)
public class AxonJackson {

    /** Axon's auto-configuration looks this bean up by name for its JacksonSerializer. */
    @Bean("defaultAxonObjectMapper")
    ObjectMapper defaultAxonObjectMapper() {
        return objectMapper();
    }

    /**
     * The serializer the command side stores events and tokens with, built without a Spring context
     * the way Axon's auto-configuration builds it (annotation revisions, a chaining converter), for
     * tools that read or write the event store while the command side is not in the same process.
     */
    public static Serializer serializer() {
        return JacksonSerializer.builder()
                .revisionResolver(new AnnotationRevisionResolver())
                .converter(new ChainingConverter(AxonJackson.class.getClassLoader()))
                .objectMapper(objectMapper())
                .build();
    }

    /** The mapper itself. */
    public static ObjectMapper objectMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }
}
