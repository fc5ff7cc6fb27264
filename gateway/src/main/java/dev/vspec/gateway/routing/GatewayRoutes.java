package dev.vspec.gateway.routing;

import static org.springframework.cloud.gateway.server.mvc.handler.GatewayRouterFunctions.route;
import static org.springframework.web.servlet.function.RequestPredicates.method;
import static org.springframework.web.servlet.function.RequestPredicates.path;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.infra.web.ApiErrorResponses;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cloud.gateway.server.mvc.config.GatewayMvcProperties;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.cloud.gateway.server.mvc.handler.ProxyExchangeHandlerFunction;
import org.springframework.cloud.gateway.server.mvc.handler.RestClientProxyExchange;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The routes, in order: {@code /api/sample/**} to the sandbox; GET and HEAD of any other
 * {@code /api/**} to the query side; every other method of {@code /api/**} (POST /api/v0/enrich,
 * POST /api/request-access and any other write) to the command side. Each route has its own
 * timeouts; a route whose backend is not configured answers 503 {@code gateway_unconfigured}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GatewayProperties.class)
class GatewayRoutes {

    @Bean
    RouterFunction<ServerResponse> apiRoutes(BackendProxies proxies, ApiErrorResponses errors) {
        return route("sandbox").route(path("/api/sample/**"), proxies.sandbox().or(unconfigured("sandbox", errors))).build()
                .and(route("reads").route(path("/api/**").and(method(HttpMethod.GET).or(method(HttpMethod.HEAD))),
                        proxies.reads().or(unconfigured("query-side", errors))).build())
                .and(route("writes").route(path("/api/**"), proxies.writes().or(unconfigured("command-side", errors))).build());
    }

    @Bean
    BackendProxies backendProxies(GatewayProperties properties, GatewayMvcProperties gateway,
            ObjectProvider<HttpHeadersFilter.RequestHttpHeadersFilter> requestHeaders,
            ObjectProvider<HttpHeadersFilter.ResponseHttpHeadersFilter> responseHeaders) {
        return new BackendProxies(
                proxy(properties.sandbox(), properties.connectTimeout(), properties.sandboxTimeout(), gateway, requestHeaders, responseHeaders),
                proxy(properties.querySide(), properties.connectTimeout(), properties.readsTimeout(), gateway, requestHeaders, responseHeaders),
                proxy(properties.commandSide(), properties.connectTimeout(), properties.writesTimeout(), gateway, requestHeaders, responseHeaders));
    }

    /** A proxy to {@code url} (one instance or several, comma-separated) with its own client and timeouts, or none when blank. */
    private static Proxy proxy(String url, Duration connect, Duration read, GatewayMvcProperties gateway,
            ObjectProvider<HttpHeadersFilter.RequestHttpHeadersFilter> requestHeaders,
            ObjectProvider<HttpHeadersFilter.ResponseHttpHeadersFilter> responseHeaders) {
        if (url == null || url.isBlank()) {
            return new Proxy(null);
        }
        BackendInstances backend = BackendInstances.of(url);
        JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory(HttpClient.newBuilder()
                .connectTimeout(connect).followRedirects(HttpClient.Redirect.NEVER).build());
        requests.setReadTimeout(read);
        RestClient.Builder client = RestClient.builder().requestFactory(requests);
        if (backend.several()) {
            // buffers request bodies, so that one an instance refused can go to the next
            client.requestInterceptor(backend);
        }
        RestClientProxyExchange exchange = new RestClientProxyExchange(client.build(), gateway);
        return new Proxy(new ProxyExchangeHandlerFunction(exchange, requestHeaders, responseHeaders, request -> backend.first()));
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
        boolean pathless = uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/");
        if (!web || uri.getHost() == null || !pathless || uri.getRawQuery() != null) {
            throw new IllegalStateException("vspec.backends: '" + url + "' must be http(s)://host[:port] with no path,"
                    + " e.g. http://query-side:8082");
        }
        return uri;
    }

    /** The route's answer while no backend is configured for it: the deployment is incomplete. */
    private static HandlerFunction<ServerResponse> unconfigured(String backend, ApiErrorResponses errors) {
        return request -> ServerResponse.status(ErrorCode.GATEWAY_UNCONFIGURED.status())
                .contentType(MediaType.APPLICATION_JSON)
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .body(errors.stamped(ApiError.of(ErrorCode.GATEWAY_UNCONFIGURED, "This gateway has no " + backend
                        + " backend configured for " + request.path() + "; the deployment is incomplete"), request.servletRequest()));
    }

    /**
     * The three routes' proxies. Each reads the context's header filters when the context is
     * refreshed, which it hears of as a listener; they are not beans, so this bean passes it on.
     */
    record BackendProxies(Proxy sandbox, Proxy reads, Proxy writes) implements ApplicationListener<ContextRefreshedEvent> {

        @Override
        public void onApplicationEvent(ContextRefreshedEvent event) {
            for (Proxy proxy : new Proxy[] {sandbox, reads, writes}) {
                if (proxy.handler() != null) {
                    proxy.handler().onApplicationEvent(event);
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
