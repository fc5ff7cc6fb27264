package dev.vspec.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which route a path is, and the methods each side answers on it. */
class WriteRouteTest {

    @Test
    void aLiteralPathWinsOverATemplateThatAlsoMatchesIt() {
        assertThat(WriteRoute.of("/api/v0/webhooks/deliveries")).contains(WriteRoute.WEBHOOK_DELIVERIES);
        assertThat(WriteRoute.of("/api/v0/webhooks/wh_abc")).contains(WriteRoute.WEBHOOK);
        assertThat(WriteRoute.of("/api/v0/webhooks")).contains(WriteRoute.WEBHOOKS);
    }

    @Test
    void aTemplateMatchesOneNonEmptySegmentOnly() {
        assertThat(WriteRoute.of("/api/v0/webhooks/")).isEmpty();
        assertThat(WriteRoute.of("/api/v0/webhooks/wh_abc/more")).isEmpty();
        assertThat(WriteRoute.of("/api/v0/webhook/wh_abc")).isEmpty();
        assertThat(WriteRoute.of("/api/v1/fluids")).isEmpty();
    }

    @Test
    void theCommandSideTakesHeadWhereItTakesGet() {
        assertThat(WriteRoute.WEBHOOKS.commandSideTakes("HEAD")).isTrue();
        assertThat(WriteRoute.WEBHOOK.commandSideTakes("GET")).isFalse();
        assertThat(WriteRoute.ENRICH.commandSideTakes("GET"))
                .as("the query side polls jobs")
                .isFalse();
    }

    @Test
    void allowListsTheMethodsOfBothSides() {
        assertThat(WriteRoute.ENRICH.allowedMethods()).containsExactly("GET", "HEAD", "POST", "OPTIONS");
        assertThat(WriteRoute.REQUEST_ACCESS.allowedMethods()).containsExactly("POST", "OPTIONS");
        assertThat(WriteRoute.WEBHOOKS.allowedMethods()).containsExactly("GET", "HEAD", "POST", "OPTIONS");
        assertThat(WriteRoute.WEBHOOK_DELIVERIES.allowedMethods()).containsExactly("GET", "HEAD", "OPTIONS");
        assertThat(WriteRoute.WEBHOOK.allowedMethods()).containsExactly("DELETE", "OPTIONS");
    }
}
