package dev.vspec.command;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Jackson 2 mapper Axon serializes events, commands and tokens with (Spring MVC uses Jackson 3;
 * Axon 4 only knows Jackson 2). Records and {@code byte[]} work out of the box; {@code LocalDate}
 * needs jsr310 and is stored as an ISO date so the event store stays readable. Unknown properties
 * are ignored so an older node can still read an event that gained a field.
 */
@Configuration(proxyBeanMethods = false)
class AxonJackson {

    /** Axon's auto-configuration looks this bean up by name for its JacksonSerializer. */
    @Bean("defaultAxonObjectMapper")
    ObjectMapper defaultAxonObjectMapper() {
        return objectMapper();
    }

    static ObjectMapper objectMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }
}
