package dev.vspec.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;

class BackendResponseHeadersTest {

    private final BackendResponseHeaders filter = new BackendResponseHeaders();

    @Test
    void whatTheGatewayAnswersItselfIsDroppedAndTheRestKept() {
        HttpHeaders backend = new HttpHeaders();
        backend.add("Access-Control-Allow-Origin", "https://site.example");
        backend.add("X-Request-Id", "backend-id");
        backend.add("Vary", "Origin");
        backend.add("Vary", "origin, Accept-Encoding, access-control-request-method");
        backend.add("Vary", "Access-Control-Request-Method, Access-Control-Request-Headers");
        backend.add("Vary", "Authorization, x-api-key");
        backend.add("ETag", "\"6c6d4278db95dc93\"");

        HttpHeaders kept = filter.apply(backend, null);

        assertThat(kept.headerNames()).containsExactlyInAnyOrder("Vary", "ETag");
        assertThat(kept.get("Vary"))
                .as("the gateway's own CORS fields of Vary are the only ones")
                .containsExactly("Accept-Encoding", "Authorization, x-api-key");
        assertThat(kept.getFirst("ETag")).isEqualTo("\"6c6d4278db95dc93\"");
    }
}
