package dev.vspec.gateway;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** The one public entry point: routes sandbox, reads and writes to their backends. */
@SpringBootApplication
public class GatewayApplication {

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(GatewayApplication.class).properties("spring.config.name=gateway");
    }

    public static void main(String[] args) {
        application().run(args);
    }
}
