package dev.vspec.platform.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class DeployableAutoConfigurationFilterTest {

    @Test
    void declinesOnlyTheConfiguredFamilies() {
        DeployableAutoConfigurationFilter filter = new DeployableAutoConfigurationFilter();
        filter.setEnvironment(new MockEnvironment()
                .withProperty(
                        DeployableAutoConfigurationFilter.PROPERTY,
                        "org.axonframework, org.springframework.boot.kafka"));

        boolean[] matches = filter.match(
                new String[] {
                    "org.axonframework.springboot.autoconfig.JdbcAutoConfiguration",
                    "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
                    "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
                    null
                },
                null);

        assertThat(matches).containsExactly(false, false, true, true);
    }

    @Test
    void declinesNothingByDefault() {
        DeployableAutoConfigurationFilter filter = new DeployableAutoConfigurationFilter();
        filter.setEnvironment(new MockEnvironment());

        assertThat(filter.match(new String[] {"org.axonframework.springboot.autoconfig.AxonAutoConfiguration"}, null))
                .containsExactly(true);
    }
}
