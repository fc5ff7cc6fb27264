package dev.vspec.gateway.metrics;

import io.micrometer.common.KeyValue;
import org.springframework.http.server.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * {@code http_server_requests}' {@code uri} as the API's route ({@code /api/v1/fluids},
 * {@code /api/sample/v1/wmi/{wmi}}) instead of the gateway's catch-all {@code /api/**}; a path under
 * {@code /api} no route takes is {@value #UNKNOWN_API_PATH}, so a scan of made-up paths adds no series.
 * The website's and the management's requests keep Spring's own value.
 */
public final class RouteTemplateObservations extends DefaultServerRequestObservationConvention {

    static final String UNKNOWN_API_PATH = "/api/{unknown}";

    private final ApiRouteTemplates templates;

    public RouteTemplateObservations(ApiRouteTemplates templates) {
        this.templates = templates;
    }

    @Override
    protected KeyValue uri(ServerRequestObservationContext context) {
        String path = context.getCarrier().getRequestURI();
        if (path.equals("/api") || path.startsWith("/api/")) {
            return KeyValue.of("uri", templates.templateOf(path).orElse(UNKNOWN_API_PATH));
        }
        return super.uri(context);
    }
}
