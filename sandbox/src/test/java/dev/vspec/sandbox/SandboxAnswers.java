package dev.vspec.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.Api;
import tools.jackson.databind.JsonNode;

/** What every sandbox answer carries: its limits' headers, and on an error the decoration of the site's errors. */
public final class SandboxAnswers {

    private SandboxAnswers() {}

    public static void assertLimitHeaders(Api.Reply reply) {
        assertThat(reply.header("X-RateLimit-Limit")).isEqualTo("30");
        assertThat(reply.header("X-RateLimit-Remaining")).matches("\\d+");
        assertThat(reply.header("RateLimit-Policy")).isEqualTo("30;w=60, 500;w=86400");
        assertThat(reply.header("RateLimit-Limit")).isEqualTo("30");
        assertThat(reply.header("RateLimit-Remaining")).isEqualTo(reply.header("X-RateLimit-Remaining"));
        assertThat(Long.parseLong(reply.header("RateLimit-Reset"))).isBetween(1L, 60L);
    }

    public static void assertDecorated(JsonNode error, String code) {
        assertThat(error.path("object").asString()).isEqualTo("error");
        assertThat(error.path("docs").asString()).isEqualTo(SandboxHttpIT.SITE + "/docs#" + code);
    }
}
