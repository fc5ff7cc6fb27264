package dev.vspec.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.WriteRoute;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The gateway routes to the command side by {@link WriteRoute}: it must name every route the command
 * side answers, each with the methods it answers, and only those.
 */
@CommandSideIntegrationTest
class WriteRoutesIT {

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping handlers;

    @Test
    void theCommandSideAnswersExactlyTheDeclaredRoutesWithTheirMethods() {
        Map<String, Set<String>> served = new TreeMap<>();
        handlers.getHandlerMethods()
                .forEach((mapping, handler) -> mapping.getPatternValues().stream()
                        .filter(path -> path.startsWith("/api/"))
                        .forEach(path -> {
                            assertThat(mapping.getMethodsCondition().getMethods())
                                    .as("%s names its methods", path)
                                    .isNotEmpty();
                            mapping.getMethodsCondition()
                                    .getMethods()
                                    .forEach(method -> served.computeIfAbsent(path, p -> new TreeSet<>())
                                            .add(method.name()));
                        }));

        assertThat(served)
                .isEqualTo(Arrays.stream(WriteRoute.values())
                        .collect(Collectors.toMap(
                                WriteRoute::path, route -> new TreeSet<>(route.commandSideMethods()))));
    }
}
