package dev.vspec.command;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The write side: Axon aggregates decide on catalog commands, every change is an event in the
 * PostgreSQL event store, and the relay publishes each stored event to the Kafka event topic.
 */
@SpringBootApplication
public class CommandSideApplication {

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(CommandSideApplication.class).properties("spring.config.name=command-side");
    }

    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        application().run(args);
    }
}
