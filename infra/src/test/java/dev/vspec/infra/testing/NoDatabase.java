package dev.vspec.infra.testing;

import static org.mockito.Mockito.mock;

import org.jooq.DSLContext;
import org.mockito.Answers;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The {@link DSLContext} of a web slice: components that read PostgreSQL can be built, and the first statement one
 * of them starts fails the test. What a slice checks is decided before any read; the reads are the ITs' subject.
 */
@TestConfiguration(proxyBeanMethods = false)
public class NoDatabase {

    @Bean
    DSLContext noDatabase() {
        return mock(DSLContext.class, call -> {
            String method = call.getMethod().getName();
            if (call.getMethod().getDeclaringClass() == Object.class || method.equals("close")) {
                return Answers.RETURNS_DEFAULTS.answer(call);
            }
            throw new AssertionError("A web slice reads no database, yet DSLContext." + method + " was called");
        });
    }
}
