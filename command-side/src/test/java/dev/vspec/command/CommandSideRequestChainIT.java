package dev.vspec.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.platform.web.RequestChain;
import dev.vspec.testing.ServedChain;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/** The command side's Tomcat runs a request through the filters in the order {@link CommandSideRequestChain} declares. */
@CommandSideIntegrationTest
class CommandSideRequestChainIT {

    @Autowired
    ApplicationContext context;

    @Test
    void theFiltersRunInTheDeclaredOrder() {
        ServedChain served = ServedChain.of(context, "POST", "/api/v0/enrich");

        assertThat(served.filterNames())
                .as(served.describe())
                .containsExactlyElementsOf(Stream.concat(
                                context.getBean(RequestChain.class).filters().stream(),
                                Stream.of("handlerReadsRecorder")) // this suite's own, last
                        .toList());
    }
}
