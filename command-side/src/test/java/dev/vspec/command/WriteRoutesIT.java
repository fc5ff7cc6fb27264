package dev.vspec.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.WriteRoute;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/** The gateway routes the API's writes by {@link WriteRoute}: it must name every route the command side answers, and only those. */
@CommandSideIntegrationTest
class WriteRoutesIT {

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping handlers;

    @Test
    void theCommandSideAnswersExactlyTheDeclaredWritesAndEachIsAPost() {
        Set<String> served = new TreeSet<>();
        handlers.getHandlerMethods().forEach((mapping, handler) -> mapping.getPatternValues().stream()
                .filter(path -> path.startsWith("/api/"))
                .forEach(path -> {
                    assertThat(mapping.getMethodsCondition().getMethods()).as(path).extracting(Enum::name).containsExactly("POST");
                    served.add(path);
                }));

        assertThat(served).containsExactlyInAnyOrderElementsOf(Arrays.stream(WriteRoute.values()).map(WriteRoute::path).toList());
    }
}
