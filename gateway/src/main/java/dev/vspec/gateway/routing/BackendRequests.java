package dev.vspec.gateway.routing;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import java.net.URI;
import java.time.Duration;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;

/**
 * How a route's proxy talks to its backend: blocking HTTP/1.1 over pooled keep-alive connections, on
 * the request's own thread. (The JDK's client hands each answer from its selector thread to an
 * executor, on 2 cores a new thread per request, and Spring's read timeout for it builds and cancels
 * a future per request: the gateway spent more on that than on proxying.)
 *
 * <p>Answers pass as the backend encoded them (no decompression), redirects go to the client, and
 * the client's own answers, 429 and 503 included, are never retried here; only an idempotent
 * request whose pooled connection the backend had closed is sent once more, on a new connection.
 */
final class BackendRequests {

    private BackendRequests() {}

    /**
     * @param connect     how long a backend may take to accept a connection
     * @param read        how long it may stay silent while answering
     * @param connections connections kept per backend instance: as many as requests the gateway
     *                    serves at once, so that no request waits for one
     * @param instances   the backend's instances
     * @param backend     the backend's name in the pool's metrics ({@code httpcomponents_httpclient_pool_*{httpclient}})
     */
    static ClientHttpRequestFactory factory(
            Duration connect, Duration read, int connections, int instances, String backend, MeterRegistry meters) {
        PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(connections)
                .setMaxConnTotal(connections * instances)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(connect))
                        .setSocketTimeout(Timeout.of(read))
                        .setValidateAfterInactivity(TimeValue.ofSeconds(2))
                        .build())
                .build();
        // leased, available and pending connections: a request that waits for one shows here before it is a 502
        new PoolingHttpClientConnectionManagerMetricsBinder(pool, backend).bindTo(meters);
        CloseableHttpClient client = HttpClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.of(connect))
                        .setResponseTimeout(Timeout.of(read))
                        .build())
                .setRetryStrategy(new StaleConnectionRetry())
                .disableContentCompression()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                // dropped here before a backend's keep-alive timeout closes them there
                .evictIdleConnections(TimeValue.ofSeconds(10))
                .build();
        return new AnyMethodRequests(client);
    }

    /**
     * Requests with the method the client sent, whatever it is: Spring's factory knows the standard methods
     * alone and fails on any other (a 500 here), where the backend would answer it as it does (405).
     */
    private static final class AnyMethodRequests extends HttpComponentsClientHttpRequestFactory {

        AnyMethodRequests(CloseableHttpClient client) {
            super(client);
        }

        @Override
        protected ClassicHttpRequest createHttpUriRequest(HttpMethod method, URI uri) {
            return new HttpUriRequestBase(method.name(), uri);
        }
    }

    /** One more try for an idempotent request that failed on a connection gone stale; never for an answer. */
    private static final class StaleConnectionRetry extends DefaultHttpRequestRetryStrategy {

        StaleConnectionRetry() {
            super(1, TimeValue.ZERO_MILLISECONDS);
        }

        @Override
        public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
            return false;
        }
    }
}
