package dev.vspec.projections;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The projections deployable: Kafka consumers that turn the event topic into the read tables.
 * Its web server only serves actuator health.
 */
@SpringBootApplication
public class ProjectionsApplication {

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(ProjectionsApplication.class).properties("spring.config.name=projections");
    }

    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        application().run(args);
    }
}
