package dev.vspec.platform.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class ManagementPortDefaultTest {

    private static String managementPort(MockEnvironment environment) {
        new ManagementPortDefault().postProcessEnvironment(environment, null);
        return environment.getProperty("management.server.port");
    }

    @Test
    void theManagementPortIsTheDeployablesPortPlusOneThousand() {
        assertThat(managementPort(new MockEnvironment().withProperty("server.port", "8082")))
                .isEqualTo("9082");
        assertThat(managementPort(new MockEnvironment()))
                .as("Spring's own default port")
                .isEqualTo("9080");
    }

    @Test
    void aDeployableOnAFreePortHasAFreeManagementPort() {
        assertThat(managementPort(new MockEnvironment().withProperty("server.port", "0")))
                .isEqualTo("0");
        assertThat(managementPort(new MockEnvironment().withProperty("server.port", "65000")))
                .isEqualTo("0");
    }

    @Test
    void aManagementPortThatIsSetStays() {
        assertThat(managementPort(new MockEnvironment()
                        .withProperty("server.port", "8082")
                        .withProperty("management.server.port", "7000")))
                .isEqualTo("7000");
    }
}
