package dev.vspec.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vspec.infra.axon.EventSerialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Gives Axon the event store's Jackson 2 mapper, {@link EventSerialization#objectMapper()}: in infra,
 * so that whoever reads or writes the event store outside the command side uses the same one.
 */
@Configuration(proxyBeanMethods = false)
public class AxonJackson {

    /** Axon's auto-configuration looks this bean up by name for its JacksonSerializer. */
    @Bean("defaultAxonObjectMapper")
    ObjectMapper defaultAxonObjectMapper() {
        return EventSerialization.objectMapper();
    }
}
