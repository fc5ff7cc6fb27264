package dev.vspec.command.webhooks;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * Posts a signed delivery to a webhook: connect and read timeouts, no redirects followed, no retries
 * of its own (the schedule retries), each delivery on a new connection to an address the
 * {@link AddressGuard} checked for it, and only the status line and headers of the answer read.
 */
final class WebhookSender implements AutoCloseable {

    private final CloseableHttpClient client;

    WebhookSender(AddressGuard guard, Duration connectTimeout, Duration readTimeout) {
        this.client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(guard)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(connectTimeout))
                                .setSocketTimeout(Timeout.of(readTimeout))
                                .build())
                        .build())
                .setConnectionReuseStrategy((request, response, context) -> false)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .setUserAgent("vspec-webhooks/1")
                .build();
    }

    SendOutcome send(String url, String eventId, String signature, byte[] body) {
        long started = System.nanoTime();
        HttpPost post = new HttpPost(url);
        post.setHeader(WebhookSigner.EVENT_ID_HEADER, eventId);
        post.setHeader(WebhookSigner.SIGNATURE_HEADER, signature);
        post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        ClassicHttpResponse response = null;
        try {
            response = client.executeOpen(null, post, null);
            return SendOutcome.answered(response.getCode(), since(started));
        } catch (AddressGuard.Refused e) {
            return SendOutcome.failed("refused_address", e.getMessage(), since(started));
        } catch (SocketTimeoutException e) {
            return SendOutcome.failed("timeout", "no answer in time (" + e.getMessage() + ")", since(started));
        } catch (IOException e) {
            return SendOutcome.failed("unreachable", e.getClass().getSimpleName() + ": " + e.getMessage(), since(started));
        } finally {
            // the answer's body is never read: the connection is dropped rather than drained
            post.cancel();
            closeQuietly(response);
        }
    }

    private static void closeQuietly(ClassicHttpResponse response) {
        if (response != null) {
            try {
                response.close();
            } catch (IOException | RuntimeException e) {
                // the connection is gone already; nothing of the answer is wanted
            }
        }
    }

    private static Duration since(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
