package dev.vspec.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.access.Scope;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;

class RouteAccessTest {

    static class Handlers {
        @RequiresScope(Scope.MAINTENANCE_READ)
        void fluids() {}

        @RequiresScope(Scope.MAINTENANCE_READ)
        void wmi() {}

        @RequiresScope(Scope.ENRICH_WRITE)
        void enrich() {}

        @PublicRoute
        void requestAccess() {}
    }

    private final RouteAccess routes = new RouteAccess(handlers());

    private static Map<RequestMappingInfo, HandlerMethod> handlers() {
        Map<RequestMappingInfo, HandlerMethod> handlers = new LinkedHashMap<>();
        handlers.put(
                RequestMappingInfo.paths("/api/v1/fluids")
                        .methods(RequestMethod.GET)
                        .build(),
                handler("fluids"));
        handlers.put(
                RequestMappingInfo.paths("/api/v1/wmi/{wmi}")
                        .methods(RequestMethod.GET)
                        .build(),
                handler("wmi"));
        handlers.put(
                RequestMappingInfo.paths("/api/v0/enrich")
                        .methods(RequestMethod.POST)
                        .build(),
                handler("enrich"));
        handlers.put(
                RequestMappingInfo.paths("/api/request-access")
                        .methods(RequestMethod.POST)
                        .build(),
                handler("requestAccess"));
        return handlers;
    }

    private static HandlerMethod handler(String name) {
        try {
            Method method = Handlers.class.getDeclaredMethod(name);
            return new HandlerMethod(new Handlers(), method);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private RouteAccess.Requirement of(String method, String path) {
        return routes.of(method, path).orElseThrow();
    }

    @Test
    void aRouteAsksForItsScopeOnItsMethodsAndOnHeadWithGet() {
        assertThat(of("GET", "/api/v1/fluids").scope()).isEqualTo(Scope.MAINTENANCE_READ);
        assertThat(of("HEAD", "/api/v1/fluids").scope()).isEqualTo(Scope.MAINTENANCE_READ);
        assertThat(of("POST", "/api/v0/enrich").scope()).isEqualTo(Scope.ENRICH_WRITE);
    }

    @Test
    void aPathWithAVariableAsksForItsScopeToo() {
        assertThat(of("GET", "/api/v1/wmi/1HG").scope()).isEqualTo(Scope.MAINTENANCE_READ);
        assertThat(of("GET", "/api/v1/wmi/1HG").keyless()).isFalse();
    }

    @Test
    void aMethodAHandledPathDoesNotTakeNeedsNoKeySinceNoHandlerRuns() {
        for (String method : List.of("PUT", "DELETE", "PATCH", "POST")) {
            assertThat(of(method, "/api/v1/fluids").keyless()).as(method).isTrue();
            assertThat(of(method, "/api/v1/wmi/1HG").keyless()).as(method).isTrue();
        }
        assertThat(of("GET", "/api/v0/enrich").keyless()).isTrue();
        assertThat(of("GET", "/api/request-access").keyless()).isTrue();
    }

    @Test
    void aPathNoHandlerServesNeedsAKey() {
        assertThat(of("GET", "/api/v1/nothing").keyless()).isFalse();
        assertThat(of("PUT", "/api/v1/nothing").scope()).isNull();
        assertThat(routes.of("GET", "/docs")).isEmpty();
    }
}
