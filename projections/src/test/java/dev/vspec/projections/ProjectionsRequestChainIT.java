package dev.vspec.projections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.platform.web.RequestChain;
import dev.vspec.testing.ServedChain;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/** The projections' Tomcat runs a request through the filters in the order {@link ProjectionsRequestChain} declares. */
@ProjectionsIntegrationTest
class ProjectionsRequestChainIT {

    @Autowired
    ApplicationContext context;

    @Test
    void theFiltersRunInTheDeclaredOrder() {
        ServedChain served = ServedChain.of(context, "GET", "/actuator/health");

        assertThat(served.filterNames())
                .as(served.describe())
                .containsExactlyElementsOf(context.getBean(RequestChain.class).filters());
    }
}
