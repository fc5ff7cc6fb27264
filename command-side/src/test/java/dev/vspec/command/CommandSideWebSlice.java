package dev.vspec.command;

import dev.vspec.access.AccessRequestStore;
import dev.vspec.command.enrichment.EnrichmentRequests;
import dev.vspec.command.enrichment.EnrichmentRoutesSlice;
import dev.vspec.command.webhooks.WebhookRoutesSlice;
import dev.vspec.testing.KeyedWebSlice;
import dev.vspec.testing.database.NoDatabase;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * What every command-side web slice starts from, one Spring context for all of them: the write routes' handlers with
 * their collaborators, web-platform's error records and access filter ({@link KeyedWebSlice}) in the order its
 * request chain gives them, with what would reach the command bus, the event log or PostgreSQL mocked (enrichment
 * requests, access requests) or failing the test ({@link NoDatabase}). Webhooks may name plain-HTTP receivers on
 * loopback, as in the ITs.
 */
@WebMvcTest(
        properties = {
            "spring.config.name=command-side",
            "vspec.webhooks.allow-http=true",
            "vspec.webhooks.allowed-addresses=loopback"
        })
@Import({CommandSideRequestChain.class, EnrichmentRoutesSlice.class, WebhookRoutesSlice.class})
public abstract class CommandSideWebSlice extends KeyedWebSlice {

    @MockitoBean
    protected EnrichmentRequests enrichments;

    @MockitoBean
    protected AccessRequestStore accessRequests;
}
