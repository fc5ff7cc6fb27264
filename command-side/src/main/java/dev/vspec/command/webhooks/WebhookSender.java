package dev.vspec.command.webhooks;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * Posts a signed delivery to a webhook: no redirects followed, no retries of its own (the schedule
 * retries), each delivery on a new connection to an address the {@link AddressGuard} checked for it,
 * and only the status line and headers of the answer read.
 *
 * <p>An attempt has one deadline, {@code timeout}, for connecting, sending and the answer's head
 * together; connecting alone may take at most {@code connectTimeout} of it. A timeout per read would
 * not do: a receiver that trickles its answer a byte at a time never lets one read wait long. When
 * the deadline passes, the exchange is cancelled, which closes its connection under the read.
 */
final class WebhookSender implements AutoCloseable {

    private final CloseableHttpClient client;
    private final Duration timeout;

    WebhookSender(AddressGuard guard, Duration connectTimeout, Duration timeout) {
        this.timeout = timeout;
        this.client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(guard)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(connectTimeout))
                                // no read outlasts the deadline even if the cancellation missed it
                                .setSocketTimeout(Timeout.of(timeout))
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
        CompletableFuture<Void> deadline =
                new CompletableFuture<Void>().orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
        deadline.whenComplete((done, expired) -> {
            if (expired != null) {
                post.cancel();
            }
        });
        ClassicHttpResponse response = null;
        try {
            response = client.executeOpen(null, post, null);
            return SendOutcome.answered(response.getCode(), since(started));
        } catch (AddressGuard.Refused e) {
            return SendOutcome.failed("refused_address", e.getMessage(), since(started));
        } catch (IOException e) {
            if (deadline.isCompletedExceptionally() || e instanceof SocketTimeoutException) {
                return timedOut(started);
            }
            return SendOutcome.failed("unreachable", unreachable(e), since(started));
        } catch (IllegalStateException e) {
            // the deadline's cancel can land while the client still leases the connection, which it then reports
            // as "Endpoint not acquired / already released" rather than as an interrupted exchange
            if (deadline.isCompletedExceptionally()) {
                return timedOut(started);
            }
            throw e;
        } finally {
            deadline.complete(null);
            // the answer's body is never read: the connection is dropped rather than drained
            post.cancel();
            closeQuietly(response);
        }
    }

    private SendOutcome timedOut(long started) {
        return SendOutcome.failed("timeout", "no answer within " + seconds(timeout), since(started));
    }

    /** Why no answer came, in words the webhook's owner can act on: the key reads it, so never a class name. */
    static String unreachable(IOException e) {
        if (e instanceof UnknownHostException) {
            return "the host name does not resolve";
        }
        if (e instanceof ConnectException) {
            return "the connection was refused";
        }
        if (e instanceof SSLException) {
            return "the TLS handshake failed" + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
        if (e instanceof NoHttpResponseException) {
            return "the connection closed without an answer";
        }
        return "the connection failed" + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /** {@code 10 s}, {@code 0.5 s}: how the deadline reads in an attempt's error. */
    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
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
