package dev.vspec.query;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** The read side: answers the API's GET routes from the read tables (schema {@code read}) with jOOQ; never writes. */
@SpringBootApplication
public class QuerySideApplication {

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(QuerySideApplication.class).properties("spring.config.name=query-side");
    }

    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        application().run(args);
    }
}
