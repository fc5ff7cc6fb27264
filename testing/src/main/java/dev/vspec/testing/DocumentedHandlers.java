package dev.vspec.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.access.PublicRoute;
import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.testing.ApiDocument.Operation;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/**
 * A deployable's handlers against the operations of the API's document it answers: the same routes, each
 * path's variables as the operation's path parameters, and, once its requests were recorded
 * ({@link HandlerReads}), exactly the query parameters and headers each handler reads.
 */
public final class DocumentedHandlers {

    /**
     * Headers of HTTP itself that the framework reads (content negotiation, CORS, conditional requests, a
     * handler compressing its own answer): no operation lists them.
     */
    private static final Set<String> PROTOCOL = Set.of(
            "accept",
            "accept-encoding",
            "accept-language",
            "content-type",
            "content-length",
            "origin",
            "access-control-request-method",
            "access-control-request-headers",
            "if-match",
            "if-none-match",
            "if-modified-since",
            "if-unmodified-since",
            "if-range",
            "range");
    /**
     * Header parameters that filters answer, not handlers: the request id (every answer repeats it) and the
     * conditional requests (a 304); the tests that replay the examples check them on every operation.
     */
    public static final Set<String> ANSWERED_BY_FILTERS = Set.of("X-Request-Id", "If-None-Match", "If-Modified-Since");

    /**
     * The identifier's parameters, which a route that resolves a vehicle reads together (VehicleIdentifier): one
     * that takes fewer modes reads the others to refuse them, as an example of its 400 shows.
     */
    private static final Set<String> IDENTIFIER_MODES = Set.copyOf(VehicleIdentifier.PARAMETERS);

    private static final Pattern VARIABLE = Pattern.compile("\\{([^/}]+)}");

    private DocumentedHandlers() {}

    /** {@code GET /v1/fluids}: every method and path a handler maps under {@link ApiDocument#API}. */
    public static Set<String> mapped(RequestMappingHandlerMapping handlers) {
        Set<String> routes = new TreeSet<>();
        handlers.getHandlerMethods()
                .forEach((mapping, handler) -> mapping.getPatternValues().stream()
                        .filter(pattern -> pattern.startsWith(ApiDocument.API + "/"))
                        .forEach(pattern -> {
                            assertThat(mapping.getMethodsCondition().getMethods())
                                    .as("the methods %s takes", pattern)
                                    .isNotEmpty();
                            mapping.getMethodsCondition()
                                    .getMethods()
                                    .forEach(method -> routes.add(
                                            method.name() + " " + pattern.substring(ApiDocument.API.length())));
                        }));
        return routes;
    }

    /** The handlers map exactly the operations' routes, and each path's variables are its path parameters. */
    public static void assertRoutes(RequestMappingHandlerMapping handlers, List<Operation> operations) {
        assertThat(mapped(handlers))
                .as("the routes the handlers map")
                .isEqualTo(operations.stream().map(Operation::route).collect(Collectors.toCollection(TreeSet::new)));
        for (Operation operation : operations) {
            Set<String> variables = new TreeSet<>();
            Matcher variable = VARIABLE.matcher(operation.path());
            while (variable.find()) {
                variables.add(variable.group(1));
            }
            assertThat(operation.parameters("path"))
                    .as("path parameters of %s", operation)
                    .isEqualTo(variables);
        }
    }

    /**
     * Each handler needs the key and scope its operation declares: the {@link RequiresScope} the access module's filter
     * asks for (its own tests show it does) is the operation's {@code x-required-scope}; a {@link PublicRoute}'s
     * operation needs no key.
     */
    public static void assertKeysAndScopes(RequestMappingHandlerMapping handlers, List<Operation> operations) {
        handlers.getHandlerMethods()
                .forEach((mapping, handler) -> mapping.getPatternValues().stream()
                        .filter(pattern -> pattern.startsWith(ApiDocument.API + "/"))
                        .forEach(pattern -> mapping.getMethodsCondition()
                                .getMethods()
                                .forEach(method -> {
                                    String route = method.name() + " " + pattern.substring(ApiDocument.API.length());
                                    Operation operation = operations.stream()
                                            .filter(each -> each.route().equals(route))
                                            .findFirst()
                                            .orElseThrow(() -> new AssertionError(route + " is not in the document"));
                                    RequiresScope scope = handler.getMethodAnnotation(RequiresScope.class) != null
                                            ? handler.getMethodAnnotation(RequiresScope.class)
                                            : handler.getBeanType().getAnnotation(RequiresScope.class);
                                    if (scope != null) {
                                        assertThat(operation
                                                        .node()
                                                        .path("x-required-scope")
                                                        .asString())
                                                .as("the scope of %s", operation)
                                                .isEqualTo(scope.value().code());
                                    } else {
                                        assertThat(handler.hasMethodAnnotation(PublicRoute.class)
                                                        || handler.getBeanType().isAnnotationPresent(PublicRoute.class))
                                                .as("%s is public", handler)
                                                .isTrue();
                                        assertThat(operation
                                                        .node()
                                                        .path("security")
                                                        .isEmpty())
                                                .as("%s needs no key", operation)
                                                .isTrue();
                                    }
                                })));
    }

    /**
     * Each operation's handler read exactly the query parameters and headers it lists, over the requests sent to it
     * so far (each example's, at least), but for {@link #ANSWERED_BY_FILTERS} and the identifier modes it refuses.
     */
    public static void assertParametersRead(List<Operation> operations) {
        SoftAssertions.assertSoftly(softly -> operations.forEach(operation -> {
            String method = operation.method().toUpperCase(Locale.ROOT);
            String pattern = ApiDocument.API + operation.path();
            // the servlet API reads a form's fields as parameters, too
            Set<String> listed = new TreeSet<>(operation.parameters("query"));
            JsonNode form = operation
                    .document()
                    .resolve(operation.node().at("/requestBody/content/application~1x-www-form-urlencoded/schema"));
            form.path("properties").propertyNames().forEach(listed::add);
            Set<String> unlisted = new TreeSet<>(HandlerReads.parameters(method, pattern));
            unlisted.removeAll(listed);
            softly.assertThat(HandlerReads.parameters(method, pattern))
                    .as("the query parameters (and form fields) the handler of %s reads", operation)
                    .containsAll(listed);
            softly.assertThat(unlisted)
                    .as("the parameters the handler of %s reads that its operation does not list", operation)
                    .isSubsetOf(IDENTIFIER_MODES);
            if (!unlisted.isEmpty()) {
                softly.assertThat(operation.examples())
                        .as("%s refuses the modes it does not take (%s)", operation, unlisted)
                        .anyMatch(example -> example.status().equals("400")
                                && unlisted.stream()
                                        .anyMatch(mode -> example.node()
                                                .path("x-query")
                                                .asString()
                                                .matches("\\?(.*&)?" + mode + "=.*")));
            }
            Set<String> headers = new TreeSet<>();
            operation.parameters("header").stream()
                    .filter(header -> !ANSWERED_BY_FILTERS.contains(header))
                    .forEach(header -> headers.add(header.toLowerCase(Locale.ROOT)));
            Set<String> read = new TreeSet<>(HandlerReads.headers(method, pattern));
            read.removeAll(PROTOCOL);
            softly.assertThat(read)
                    .as("the headers the handler of %s reads", operation)
                    .isEqualTo(headers);
        }));
    }
}
