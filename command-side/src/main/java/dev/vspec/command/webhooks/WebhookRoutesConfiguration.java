package dev.vspec.command.webhooks;

import java.net.InetAddress;
import org.jooq.DSLContext;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the webhook routes ({@link WebhooksController}) work with: the endpoints each key registered, their
 * deliveries, and the rules a webhook URL must meet (scheme, length, and addresses the sender may reach, which
 * {@link WebhooksConfiguration}'s sender checks again at each delivery).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebhookProperties.class)
class WebhookRoutesConfiguration {

    @Bean
    Deliveries webhookDeliveries(DSLContext db) {
        return new Deliveries(db);
    }

    @Bean
    Endpoints webhookEndpoints(DSLContext db, WebhookProperties properties) {
        return new Endpoints(db, properties.maxPerKey());
    }

    @Bean
    AddressGuard webhookAddressGuard(WebhookProperties properties) {
        return new AddressGuard(properties.allowedAddresses(), InetAddress::getAllByName);
    }

    @Bean
    WebhookUrls webhookUrls(AddressGuard guard, WebhookProperties properties) {
        return new WebhookUrls(guard, properties.allowHttp(), properties.maxUrlLength());
    }
}
