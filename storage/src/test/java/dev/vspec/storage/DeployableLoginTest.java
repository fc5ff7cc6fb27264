package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.mock.env.MockEnvironment;

class DeployableLoginTest {

    private final MockEnvironment environment = new MockEnvironment()
            .withProperty("spring.datasource.url", "jdbc:postgresql://db.example:5432/vspec?sslmode=require")
            .withProperty("spring.datasource.username", "vspec_owner")
            .withProperty("spring.datasource.password", "owner-secret");

    @Test
    void theDeployableLogsInAsTheRoleNamedAfterTheDatabaseAndTheOwnerMigrates() {
        environment.setProperty(DeployableLogin.ROLE, "query_side");

        postProcess();

        assertThat(environment.getProperty("spring.datasource.username")).isEqualTo("vspec_query_side");
        assertThat(environment.getProperty("spring.datasource.password")).isEmpty();
        assertThat(environment.getProperty("spring.flyway.user")).isEqualTo("vspec_owner");
        assertThat(environment.getProperty("spring.flyway.password")).isEqualTo("owner-secret");
    }

    @Test
    void aLoginOfItsOwnIsTakenAsGiven() {
        environment.setProperty(DeployableLogin.ROLE, "projections");
        environment.setProperty(DeployableLogin.LOGIN, "projector");
        environment.setProperty(DeployableLogin.LOGIN_PASSWORD, "its-secret");

        postProcess();

        assertThat(environment.getProperty("spring.datasource.username")).isEqualTo("projector");
        assertThat(environment.getProperty("spring.datasource.password")).isEqualTo("its-secret");
    }

    @Test
    void aUserGivenOnTheCommandLineWinsOverTheConfigurationFiles() {
        StandardEnvironment environment = new StandardEnvironment();
        environment
                .getPropertySources()
                .addLast(new MapPropertySource(
                        "Config resource 'class path resource [query-side.yml]'",
                        Map.of(
                                "spring.datasource.url",
                                "jdbc:postgresql://127.0.0.1:5432/vspec",
                                "spring.datasource.username",
                                "vspec_owner",
                                DeployableLogin.ROLE,
                                "query_side")));
        environment
                .getPropertySources()
                .addFirst(new SimpleCommandLinePropertySource("--spring.datasource.username=owner"));

        new DeployableLogin().postProcessEnvironment(environment, new SpringApplication());

        assertThat(environment.getProperty("spring.datasource.username")).isEqualTo("owner");

        environment.getPropertySources().remove(CommandLinePropertySource.COMMAND_LINE_PROPERTY_SOURCE_NAME);
        assertThat(environment.getProperty("spring.datasource.username")).isEqualTo("vspec_query_side");
    }

    @Test
    void withoutARoleNothingChanges() {
        postProcess();

        assertThat(environment.getProperty("spring.datasource.username")).isEqualTo("vspec_owner");
        assertThat(environment.containsProperty("spring.flyway.user")).isFalse();
    }

    @Test
    void aUrlWithoutADatabaseAsksForTheLogin() {
        assertThat(DeployableLogin.roleName("jdbc:postgresql://127.0.0.1:5432/fleet", "sandbox"))
                .isEqualTo("fleet_sandbox");
        assertThatThrownBy(() -> DeployableLogin.roleName("jdbc:postgresql://127.0.0.1:5432/", "sandbox"))
                .hasMessageContaining("VSPEC_DB_ROLE");
    }

    private void postProcess() {
        new DeployableLogin().postProcessEnvironment(environment, new SpringApplication());
    }
}
