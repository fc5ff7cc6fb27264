package dev.vspec.gateway.routing;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.support.HttpRequestWrapper;

/**
 * The instances of one backend ({@code vspec.backends.*} may list several, comma-separated), asked
 * in turn. A connection an instance refuses or does not accept in time never carried the request,
 * so the request goes to the next instance, whatever its method; the backend is unreachable only
 * when every instance refuses.
 */
final class BackendInstances implements ClientHttpRequestInterceptor {

    private final List<URI> instances;
    private final AtomicInteger turn = new AtomicInteger();

    private BackendInstances(List<URI> instances) {
        this.instances = instances;
    }

    /** The instances a comma-separated list names, each checked as {@link GatewayRoutes#backendUri} checks one. */
    static BackendInstances of(String urls) {
        return new BackendInstances(
                Arrays.stream(urls.split(",")).map(GatewayRoutes::backendUri).toList());
    }

    URI first() {
        return instances.get(0);
    }

    boolean several() {
        return instances.size() > 1;
    }

    int size() {
        return instances.size();
    }

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
            throws IOException {
        int start = Math.floorMod(turn.getAndIncrement(), instances.size());
        IOException refused = null;
        for (int i = 0; i < instances.size(); i++) {
            URI target = on(instances.get((start + i) % instances.size()), request.getURI());
            try {
                return execution.execute(
                        new HttpRequestWrapper(request) {
                            @Override
                            public URI getURI() {
                                return target;
                            }
                        },
                        body);
            } catch (IOException e) {
                if (!notConnected(e)) {
                    throw e;
                }
                if (refused == null) {
                    refused = e;
                } else {
                    refused.addSuppressed(e);
                }
            }
        }
        throw refused;
    }

    /** The request's URI with the instance's scheme, host and port. */
    private static URI on(URI instance, URI request) {
        return URI.create(instance.getScheme() + "://" + instance.getRawAuthority() + request.getRawPath()
                + (request.getRawQuery() == null ? "" : "?" + request.getRawQuery()));
    }

    private static boolean notConnected(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof ConnectTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
