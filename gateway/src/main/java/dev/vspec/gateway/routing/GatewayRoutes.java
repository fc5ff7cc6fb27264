package dev.vspec.gateway.routing;

import static org.springframework.cloud.gateway.server.mvc.handler.GatewayRouterFunctions.route;
import static org.springframework.web.servlet.function.RequestPredicates.path;

import dev.vspec.contracts.WriteRoute;
import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cloud.gateway.server.mvc.config.GatewayMvcProperties;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.cloud.gateway.server.mvc.handler.ProxyExchangeHandlerFunction;
import org.springframework.cloud.gateway.server.mvc.handler.RestClientProxyExchange;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.observation.ClientRequestObservationContext;
import org.springframework.http.client.observation.DefaultClientRequestObservationConvention;
import org.springframework.web.client.RestClient;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The routes, in order: {@code /api/sample/**} to the sandbox; a method the command side answers on one
 * of its paths ({@link WriteRoute}: the API's writes, a key's webhooks) to the command side; any other
 * method on such a path, other than a read the query side answers there, answered here, since no
 * one backend knows every method such a path takes (405 with {@code Allow}, or OPTIONS with it); the API's
 * description, answered here ({@link ApiDescriptionRoutes}); every other request under {@code /api} to the
 * query side, which answers a read or refuses a method no read
 * takes (405 with {@code Allow}). Each route has its own timeouts; a route whose backend is not
 * configured answers 503 {@code gateway_unconfigured}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GatewayProperties.class)
class GatewayRoutes {

    @Bean
    RouterFunction<ServerResponse> apiRoutes(BackendProxies proxies, ApiErrorResponses errors) {
        ServedDocument document = ServedDocument.load();
        return route("sandbox")
                .route(path("/api/sample/**"), proxies.sandbox().or(unconfigured("sandbox", errors)))
                .build()
                .and(route("writes")
                        .route(GatewayRoutes::isWrite, proxies.writes().or(unconfigured("command-side", errors)))
                        .build())
                .and(route("write-paths")
                        .route(
                                GatewayRoutes::isOtherMethodOnWritePath,
                                request -> otherMethod(request, allowedOnWritePath(request), errors))
                        .build())
                .and(ApiDescriptionRoutes.routes(document, errors))
                .and(route("reads")
                        .route(path("/api/**"), proxies.reads().or(unconfigured("query-side", errors)))
                        .build());
    }

    static boolean isWrite(ServerRequest request) {
        return WriteRoute.of(request.path())
                .filter(route -> route.commandSideTakes(request.method().name()))
                .isPresent();
    }

    /** A method on a write's path that the command side does not take, nor the query side as a read there. */
    static boolean isOtherMethodOnWritePath(ServerRequest request) {
        HttpMethod method = request.method();
        return WriteRoute.of(request.path())
                .filter(write -> !write.commandSideTakes(method.name()))
                .filter(write ->
                        !(write.alsoRead() && (HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method))))
                .isPresent();
    }

    private static List<HttpMethod> allowedOnWritePath(ServerRequest request) {
        return WriteRoute.of(request.path()).orElseThrow().allowedMethods().stream()
                .map(HttpMethod::valueOf)
                .toList();
    }

    /** OPTIONS: the methods the path takes; anything else: 405 naming them. */
    static ServerResponse otherMethod(ServerRequest request, List<HttpMethod> allowed, ApiErrorResponses errors) {
        if (HttpMethod.OPTIONS.equals(request.method())) {
            return ServerResponse.ok().allow(allowed.toArray(HttpMethod[]::new)).build();
        }
        return response(errors.methodNotAllowed(request.servletRequest(), allowed));
    }

    @Bean
    BackendProxies backendProxies(
            GatewayProperties properties,
            GatewayMvcProperties gateway,
            ApplicationContext context,
            @Value("${server.tomcat.threads.max:200}") int connections,
            ObjectProvider<HttpHeadersFilter.RequestHttpHeadersFilter> requestHeaders,
            ObjectProvider<HttpHeadersFilter.ResponseHttpHeadersFilter> responseHeaders,
            ObjectProvider<MeterRegistry> meters,
            ObjectProvider<ObservationRegistry> observations) {
        Clients clients = new Clients(
                connections,
                gateway,
                requestHeaders,
                responseHeaders,
                meters.getIfAvailable(SimpleMeterRegistry::new),
                observations.getIfAvailable(() -> ObservationRegistry.NOOP));
        return new BackendProxies(
                context,
                proxy(
                        "sandbox",
                        properties.sandbox(),
                        properties.connectTimeout(),
                        properties.sandboxTimeout(),
                        clients),
                proxy(
                        "query-side",
                        properties.querySide(),
                        properties.connectTimeout(),
                        properties.readsTimeout(),
                        clients),
                proxy(
                        "command-side",
                        properties.commandSide(),
                        properties.connectTimeout(),
                        properties.writesTimeout(),
                        clients));
    }

    /** What every backend's proxy is built with. */
    private record Clients(
            int connections,
            GatewayMvcProperties gateway,
            ObjectProvider<HttpHeadersFilter.RequestHttpHeadersFilter> requestHeaders,
            ObjectProvider<HttpHeadersFilter.ResponseHttpHeadersFilter> responseHeaders,
            MeterRegistry meters,
            ObservationRegistry observations) {}

    /**
     * A proxy to {@code url} (one instance or several, comma-separated) with its own client and timeouts, or none when
     * blank. Its requests are timed as {@code http_client_requests_seconds{client_name=<name>}}.
     */
    private static Proxy proxy(String name, String url, Duration connect, Duration read, Clients clients) {
        if (url == null || url.isBlank()) {
            return new Proxy(null);
        }
        BackendInstances backend = BackendInstances.of(url);
        RestClient.Builder client = RestClient.builder()
                .requestFactory(BackendRequests.factory(
                        connect, read, clients.connections(), backend.size(), name, clients.meters()))
                .observationRegistry(clients.observations())
                .observationConvention(new DefaultClientRequestObservationConvention() {
                    @Override
                    protected KeyValue clientName(ClientRequestObservationContext context) {
                        return KeyValue.of("client.name", name);
                    }
                });
        if (backend.several()) {
            // buffers request bodies, so that one an instance refused can go to the next
            client.requestInterceptor(backend);
        }
        RestClientProxyExchange exchange = new RestClientProxyExchange(client.build(), clients.gateway());
        return new Proxy(new ProxyExchangeHandlerFunction(
                exchange, clients.requestHeaders(), clients.responseHeaders(), request -> backend.first()));
    }

    /**
     * A backend is named by scheme, host and port alone: the proxy keeps the request's own path, so a
     * path here would be silently dropped; a URL without a scheme would fail on every request.
     */
    static URI backendUri(String url) {
        URI uri;
        try {
            uri = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("vspec.backends: '" + url + "' is not a URL", e);
        }
        boolean web = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
        boolean pathless = uri.getRawPath() == null
                || uri.getRawPath().isEmpty()
                || uri.getRawPath().equals("/");
        if (!web || uri.getHost() == null || !pathless || uri.getRawQuery() != null) {
            throw new IllegalStateException("vspec.backends: '" + url + "' must be http(s)://host[:port] with no path,"
                    + " e.g. http://query-side:8082");
        }
        return uri;
    }

    /** The route's answer while no backend is configured for it: the deployment is incomplete. */
    private static HandlerFunction<ServerResponse> unconfigured(String backend, ApiErrorResponses errors) {
        return request -> response(errors.entity(
                ApiError.of(
                        ErrorCode.GATEWAY_UNCONFIGURED,
                        "This gateway has no " + backend + " backend configured for " + request.path()
                                + "; the deployment is incomplete"),
                request.servletRequest()));
    }

    static ServerResponse response(ResponseEntity<ApiError> answer) {
        return ServerResponse.status(answer.getStatusCode())
                .headers(headers -> headers.addAll(answer.getHeaders()))
                .body(answer.getBody());
    }

    /**
     * The three routes' proxies. Each reads the context's header filters only when told the context
     * is refreshed; they are not beans, so this bean tells them, as soon as every singleton exists.
     * Waiting for the refresh event itself would leave a window after the connector opens in which a
     * request finds no filters and fails (a restarted instance behind a balancer gets traffic at once).
     */
    record BackendProxies(ApplicationContext context, Proxy sandbox, Proxy reads, Proxy writes)
            implements SmartInitializingSingleton {

        @Override
        public void afterSingletonsInstantiated() {
            ContextRefreshedEvent ready = new ContextRefreshedEvent(context);
            for (Proxy proxy : new Proxy[] {sandbox, reads, writes}) {
                if (proxy.handler() != null) {
                    proxy.handler().onApplicationEvent(ready);
                }
            }
        }
    }

    /** One route's handler, absent when its backend is not configured. */
    record Proxy(ProxyExchangeHandlerFunction handler) {
        HandlerFunction<ServerResponse> or(HandlerFunction<ServerResponse> otherwise) {
            return handler != null ? handler : otherwise;
        }
    }
}
