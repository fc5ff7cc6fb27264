package dev.vspec.projections;

import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;

/**
 * The projections deployable: Kafka consumers that turn the event topic into the read tables.
 * Its web server only serves actuator health.
 */
@SpringBootApplication
public class ProjectionsApplication {

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(ProjectionsApplication.class).properties("spring.config.name=projections");
    }

    @Bean
    List<Projection> projections() {
        return AllProjections.list();
    }

    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        application().run(args);
    }
}
