package dev.vspec.query.openapi;

import io.swagger.v3.oas.models.Operation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.method.HandlerMethod;

/**
 * Notes what each handler's own {@code @Operation} says, by path and by the query parameter that selects
 * it. Springdoc documents handlers that share a path and method, told apart by a {@code params} condition
 * (as {@code /api/v1/decode}'s identifier modes and its {@code partial_vin} mode are), as one operation:
 * whichever handler it reads last decides its id, summary and description. {@link RouteDocumentation}
 * writes such an operation from all of its handlers instead, in a fixed order.
 */
final class SharedPathModes implements OperationCustomizer {

    /**
     * One handler of a path.
     *
     * @param parameter the query parameter its {@code params} condition requires, or null for the handler that
     *                  answers without one
     */
    record Mode(String parameter, String operationId, String summary, String description) {}

    private final Map<String, Map<String, Mode>> byPath = new ConcurrentHashMap<>();

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), RequestMapping.class);
        io.swagger.v3.oas.annotations.Operation documented =
                handler.getMethodAnnotation(io.swagger.v3.oas.annotations.Operation.class);
        if (mapping == null || documented == null) {
            return operation;
        }
        String parameter = Stream.of(mapping.params())
                .filter(condition -> !condition.startsWith("!") && !condition.contains("="))
                .findFirst()
                .orElse(null);
        Mode mode = new Mode(
                parameter,
                documented.operationId(),
                documented.summary(),
                documented.description().strip());
        for (String path : mapping.path()) {
            // keyed by parameter, so documenting the API again (springdoc may) replaces rather than adds
            byPath.computeIfAbsent(path, any -> new ConcurrentHashMap<>())
                    .put(parameter == null ? "" : parameter, mode);
        }
        return operation;
    }

    /** The handlers of this path: the one without a mode parameter first, then the others by parameter name. */
    List<Mode> of(String path) {
        List<Mode> modes = new ArrayList<>(byPath.getOrDefault(path, Map.of()).values());
        modes.sort(Comparator.comparing((Mode mode) -> mode.parameter() != null)
                .thenComparing(mode -> mode.parameter() == null ? "" : mode.parameter()));
        return modes;
    }
}
