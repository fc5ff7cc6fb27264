package dev.vspec.gateway.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ApiRouteTemplatesTest {

    private static final ApiRouteTemplates CONTRACT = ApiRouteTemplates.fromContract();

    @Test
    void aPathIsNamedByTheContractsTemplateOnEachServer() {
        assertThat(CONTRACT.templateOf("/api/v1/fluids")).contains("/api/v1/fluids");
        assertThat(CONTRACT.templateOf("/api/sample/v1/fluids")).contains("/api/sample/v1/fluids");
        assertThat(CONTRACT.templateOf("/api/v1/wmi/1HG")).contains("/api/v1/wmi/{wmi}");
        assertThat(CONTRACT.templateOf("/api/v0/webhooks/17")).contains("/api/v0/webhooks/{id}");
        assertThat(CONTRACT.templateOf("/api/v0/webhooks/deliveries")).contains("/api/v0/webhooks/deliveries");
    }

    @Test
    void aVariableIsOneSegmentAndAnythingElseIsNoRoute() {
        assertThat(CONTRACT.templateOf("/api/v1/wmi/1HG/extra")).isEmpty();
        assertThat(CONTRACT.templateOf("/api/v1/wmi/")).isEmpty();
        assertThat(CONTRACT.templateOf("/api/v1/nothing")).isEmpty();
        assertThat(CONTRACT.templateOf("/api/v1/fluids/")).isEmpty();
    }

    @Test
    void literalPartsAreMatchedLiterally() {
        ApiRouteTemplates templates =
                ApiRouteTemplates.of(JsonMapper.builder().build().readTree("""
                {"servers": [{"url": "/api"}], "paths": {"/v1.0/a+b/{x}": {}}}"""));

        assertThat(templates.templateOf("/api/v1.0/a+b/7")).contains("/api/v1.0/a+b/{x}");
        assertThat(templates.templateOf("/api/v1x0/a+b/7")).isEmpty();
        assertThat(templates.templateOf("/api/v1.0/aab/7")).isEmpty();
    }
}
