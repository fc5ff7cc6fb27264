package dev.vspec.testing.database;

import java.lang.reflect.Proxy;
import org.jooq.DSLContext;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The {@link DSLContext} of a web slice: components that read PostgreSQL can be built, and the first statement one
 * of them starts fails the test. What a slice checks is decided before any read; the reads are the ITs' subject. A
 * plain proxy, not a mock: generating a mock of jOOQ's thousand generic methods took seconds of every slice's start.
 */
@TestConfiguration(proxyBeanMethods = false)
public class NoDatabase {

    @Bean
    DSLContext noDatabase() {
        return (DSLContext) Proxy.newProxyInstance(
                DSLContext.class.getClassLoader(), new Class<?>[] {DSLContext.class}, (proxy, method, arguments) -> {
                    switch (method.getName()) {
                        case "toString":
                            return "NoDatabase";
                        case "hashCode":
                            return System.identityHashCode(proxy);
                        case "equals":
                            return proxy == arguments[0];
                        case "close":
                            return null;
                        default:
                            throw new AssertionError("A web slice reads no database, yet DSLContext." + method.getName()
                                    + " was called");
                    }
                });
    }
}
