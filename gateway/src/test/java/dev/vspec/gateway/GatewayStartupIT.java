package dev.vspec.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.testing.Api;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The gateway's connector accepts requests as soon as the web server starts, before the context has
 * finished refreshing; a request in that window (a restarted instance behind a balancer) is proxied
 * like any other, not answered 500.
 */
class GatewayStartupIT {

    @Test
    void aRequestArrivingTheMomentTheServerListensIsProxied() throws Exception {
        AtomicReference<Api.Reply> early = new AtomicReference<>();
        // published when the API's connector starts, before ContextRefreshedEvent (the management server's comes later)
        ApplicationListener<WebServerInitializedEvent> askAtOnce = event -> {
            if (event.getApplicationContext().getServerNamespace() == null) {
                early.set(new Api(event.getWebServer().getPort())
                        .getWith("/api/v1/echo?vin=19XFC2F52KE715372", "X-Forwarded-For", "203.0.113.9"));
            }
        };
        try (StubBackend querySide = new StubBackend("query-side");
                ConfigurableApplicationContext gateway = GatewayApplication.application()
                        .listeners(askAtOnce)
                        .run(
                                "--server.port=0",
                                "--spring.main.banner-mode=off",
                                "--vspec.backends.query-side=" + querySide.url(),
                                "--vspec.backends.sandbox=",
                                "--vspec.backends.command-side=")) {
            assertThat(early.get())
                    .as("a request was sent while the server started")
                    .isNotNull();
            assertThat(early.get().ok().path("backend").asString()).isEqualTo("query-side");
            // the request-header filters ran: the client's entry kept, the gateway's appended
            assertThat(early.get()
                            .ok()
                            .at("/headers/x-forwarded-for")
                            .asString()
                            .split("\\s*,\\s*"))
                    .containsExactly("203.0.113.9", "127.0.0.1");
            assertThat(querySide.requests()).isEqualTo(1);
        }
    }
}
