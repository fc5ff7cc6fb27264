package dev.vspec.sandbox;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The keyless, read-only sandbox. For now it only starts and says it is not available; the reads
 * over schema {@code sample} come later.
 */
@SpringBootApplication
public class SandboxApplication {

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(SandboxApplication.class).properties("spring.config.name=sandbox");
    }

    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        application().run(args);
    }
}
