package dev.vspec.bench.minimal;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** One controller on Spring Boot's defaults: what bench/start-up.sh times vspec's start against. */
@SpringBootApplication
@RestController
public class MinimalApplication {

    @GetMapping("/")
    String hello() {
        return "ready";
    }

    public static void main(String[] args) {
        SpringApplication.run(MinimalApplication.class, args);
    }
}
