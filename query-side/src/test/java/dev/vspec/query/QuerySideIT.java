package dev.vspec.query;

import dev.vspec.testing.HandlerReads;
import dev.vspec.testing.database.TestDatabase;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

/**
 * The one Spring context every query-side integration test shares: the real application on a
 * random port over a fresh PostgreSQL database holding the pinned vPIC release, its read tables seeded
 * by {@link ReadModelSeed}, recording what each handler reads of its requests ({@link HandlerReads}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
        classes = {QuerySideApplication.class, HandlerReads.Recorder.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.config.name=query-side")
@ContextConfiguration(initializers = TestDatabase.WithVpic.class)
public @interface QuerySideIT {}
