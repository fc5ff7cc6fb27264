package dev.vspec.access;

import dev.vspec.contracts.access.Scope;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.server.PathContainer;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * What each {@code /api} route asks of a caller, read once from the handlers' {@link RequiresScope}
 * and {@link PublicRoute}. A vspec handler under {@code /api} that declares neither fails the start,
 * so a route cannot be left open by omission; any other path under {@code /api} (a path no handler
 * serves, a library's handler) needs a valid key.
 */
public final class RouteAccess {

    /**
     * What a request must bring: nothing, any valid key, or a key with a scope; and, for a route that answers
     * several items at once, which parameter counts its reads ({@link CountsReads}).
     */
    public record Requirement(boolean keyless, Scope scope, CountsReads reads) {
        static final Requirement PUBLIC = new Requirement(true, null, null);
        static final Requirement ANY_KEY = new Requirement(false, null, null);

        /** The reads a request of this route spends: one, or one per item it names (see {@link CountsReads}). */
        public int readsOf(java.util.function.Function<String, String[]> parameters) {
            if (reads == null) {
                return 1;
            }
            String[] values = parameters.apply(reads.parameter());
            int items = 0;
            for (String value : values == null ? new String[0] : values) {
                items += value.split(",", -1).length;
                if (items > reads.max()) {
                    return 1;
                }
            }
            return Math.max(1, items);
        }
    }

    private static final String API = "/api/";
    private static final String ANY_METHOD = "*";

    /** What each method of each handled path asks; a path handled under a template (a path variable) by its pattern. */
    private final Map<String, Map<String, Requirement>> literal = new HashMap<>();

    private final Map<PathPattern, Map<String, Requirement>> templated = new LinkedHashMap<>();

    public RouteAccess(Map<RequestMappingInfo, HandlerMethod> handlers) {
        PathPatternParser parser = PathPatternParser.defaultInstance;
        Map<String, Boolean> allPublic = new HashMap<>();
        Map<String, Map<String, Requirement>> byPath = new HashMap<>();
        handlers.forEach((mapping, handler) -> {
            for (String path : mapping.getPatternValues()) {
                if (!path.startsWith(API)) {
                    continue;
                }
                Optional<Requirement> declared = declared(handler);
                if (declared.isEmpty()) {
                    if (handler.getBeanType().getName().startsWith("dev.vspec.")) {
                        throw new IllegalStateException(handler + " serves " + path
                                + " but declares no access: annotate it @RequiresScope or @PublicRoute");
                    }
                    continue;
                }
                allPublic.merge(path, declared.get().keyless(), Boolean::logicalAnd);
                Map<String, Requirement> methods = byPath.computeIfAbsent(path, p -> new HashMap<>());
                Set<org.springframework.web.bind.annotation.RequestMethod> mapped =
                        mapping.getMethodsCondition().getMethods();
                for (String method : mapped.isEmpty()
                        ? List.of(ANY_METHOD)
                        : mapped.stream().map(Enum::name).toList()) {
                    methods.put(method, declared.get());
                    if (method.equals("GET")) {
                        methods.put("HEAD", declared.get());
                    }
                }
            }
        });
        // A path only public handlers serve is public for every method, so a wrong method is MVC's 405, not a 401.
        allPublic.forEach((path, keyless) -> {
            if (keyless) {
                byPath.get(path).putIfAbsent(ANY_METHOD, Requirement.PUBLIC);
            }
        });
        byPath.forEach((path, methods) -> {
            PathPattern pattern = parser.parse(path);
            if (pattern.hasPatternSyntax()) {
                templated.put(pattern, methods);
            } else {
                literal.put(path, methods);
            }
        });
    }

    /**
     * Empty for a path outside {@code /api}, which this filter leaves alone. A method a handled path does not
     * take needs no key: MVC answers it 405 before any handler runs, and a caller learns that whatever key it has.
     */
    public Optional<Requirement> of(String method, String path) {
        if (!path.startsWith(API)) {
            return Optional.empty();
        }
        Map<String, Requirement> methods = handled(path);
        if (methods != null) {
            Requirement requirement = methods.getOrDefault(method, methods.get(ANY_METHOD));
            return Optional.of(requirement != null ? requirement : Requirement.PUBLIC);
        }
        return Optional.of(Requirement.ANY_KEY);
    }

    /** What the methods of a handled path ask, or null for a path no handler serves. */
    private Map<String, Requirement> handled(String path) {
        Map<String, Requirement> methods = literal.get(path);
        if (methods != null || templated.isEmpty()) {
            return methods;
        }
        PathContainer container = PathContainer.parsePath(path);
        for (Map.Entry<PathPattern, Map<String, Requirement>> entry : templated.entrySet()) {
            if (entry.getKey().matches(container)) {
                return entry.getValue();
            }
        }
        return null;
    }

    private static Optional<Requirement> declared(HandlerMethod handler) {
        RequiresScope scope = handler.getMethodAnnotation(RequiresScope.class);
        if (scope == null) {
            scope = handler.getBeanType().getAnnotation(RequiresScope.class);
        }
        if (scope != null) {
            return Optional.of(new Requirement(false, scope.value(), handler.getMethodAnnotation(CountsReads.class)));
        }
        if (handler.hasMethodAnnotation(PublicRoute.class)
                || handler.getBeanType().isAnnotationPresent(PublicRoute.class)) {
            return Optional.of(Requirement.PUBLIC);
        }
        return Optional.empty();
    }
}
