package dev.vspec.query.openapi;

import static dev.vspec.query.openapi.SharedParameters.ETAG;
import static dev.vspec.query.openapi.SharedParameters.IF_MODIFIED_SINCE;
import static dev.vspec.query.openapi.SharedParameters.IF_NONE_MATCH;
import static dev.vspec.query.openapi.SharedParameters.LAST_MODIFIED;
import static dev.vspec.query.openapi.SharedParameters.REQUEST_ID;
import static dev.vspec.query.openapi.SharedParameters.VIN_ONLY;
import static dev.vspec.query.openapi.SharedParameters.typed;

import dev.vspec.infra.access.AccessGrant;
import dev.vspec.query.openapi.ApiRoutes.Route;
import dev.vspec.query.openapi.Examples.ErrorExample;
import dev.vspec.query.web.CachePolicy;
import dev.vspec.query.web.Freshness;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.Group;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Documents each GET route's operation: its section, its identifier and other parameters by reference to the
 * {@link SharedParameters}, every error it answers per {@link ApiRoutes} with its example, the 200 examples and
 * the caching headers, and one operation written from every handler of a path ({@link SharedPathModes}).
 */
record OperationDocumentation(Examples examples, SharedPathModes modes) {

    private static final String JSON = org.springframework.http.MediaType.APPLICATION_JSON_VALUE;
    private static final List<String> ANY_MODE = List.of("vin", "year", "make", "model", "trim", "config_key");

    void document(String path, PathItem item) {
        Route route = ApiRoutes.of(path)
                .orElseThrow(() ->
                        new IllegalStateException(path + " is not in ApiRoutes: say there which errors it answers"));
        Operation get = item.getGet();
        if (get == null || item.readOperations().size() > 1) {
            throw new IllegalStateException(path + ": the API documents GET routes only");
        }
        Freshness freshness = CachePolicy.forRoute(path, name -> null)
                .orElseThrow(() -> new IllegalStateException(path + " has no CachePolicy"));
        get.setTags(List.of(route.section().title()));
        boolean dated = LastModified.ROUTES.contains(path);
        get.setParameters(parameters(route, get.getParameters(), freshness.stored(), dated));
        List<SharedPathModes.Mode> handlers = modes.of(path);
        if (handlers.size() > 1) {
            oneOperation(get, handlers);
        }

        ApiResponses responses = get.getResponses();
        ApiResponse ok = responses.get("200");
        // AccessDocumentation, an operation customizer, has already declared the key a route needs
        boolean keyed = get.getSecurity() != null && !get.getSecurity().isEmpty();
        Function<Freshness, String> cacheControl = keyed ? Freshness::keyedCacheControl : Freshness::cacheControl;
        ok.addHeaderObject(
                "Cache-Control",
                new Header()
                        .description("`" + cacheControl.apply(freshness) + "`"
                                + switch (path) {
                                    case "/api/v1/vehicle" ->
                                        " without include; with include, the shortest-lived group decides";
                                    case "/api/v1/configs" ->
                                        ": an enrichment or import can add a configuration at any time";
                                    default -> "";
                                }
                                + (keyed && freshness.stored()
                                        ? ". An answer given to a key is `private`: no shared cache may keep it."
                                                + " It says `Vary: " + AccessGrant.KEY_HEADERS
                                                + "`. The keyless sandbox's answers are not private."
                                        : ""))
                        .schema(typed("string")));
        ok.addHeaderObject(REQUEST_ID, headerRef(REQUEST_ID));
        if (route.parameters().contains("cursor")) {
            ok.addHeaderObject(
                    "Link",
                    new Header()
                            .description("`<next>; rel=\"next\"`: the next page of a listing, as"
                                    + " `next` in the body; absent on the last page.")
                            .schema(typed("string")));
        }
        examples.answers(path)
                .forEach((name, example) -> ok.getContent().get(JSON).addExamples(name, example));
        if (freshness.stored()) {
            ok.addHeaderObject(ETAG, headerRef(ETAG));
            ApiResponse notModified = new ApiResponse()
                    .description(
                            dated
                                    ? "Not Modified: If-None-Match names the current ETag or, without If-None-Match,"
                                            + " If-Modified-Since is no earlier than the current Last-Modified. No body."
                                    : "Not Modified: If-None-Match names the current ETag. No body.")
                    .addHeaderObject(ETAG, headerRef(ETAG));
            if (dated) {
                ok.addHeaderObject(LAST_MODIFIED, headerRef(LAST_MODIFIED));
                notModified.addHeaderObject(LAST_MODIFIED, headerRef(LAST_MODIFIED));
            }
            responses.addApiResponse("304", notModified.addHeaderObject(REQUEST_ID, headerRef(REQUEST_ID)));
        }

        Map<Integer, List<ErrorExample>> byStatus = route.errors().stream()
                .map(examples::error)
                .collect(Collectors.groupingBy(error -> error.code().status(), TreeMap::new, Collectors.toList()));
        byStatus.forEach((status, errors) -> responses.addApiResponse(String.valueOf(status), errorResponse(errors)));
    }

    /**
     * The operation of a path several handlers answer, told apart by a query parameter: the id and summary of
     * the one without a mode parameter, with each mode's summary after it, and every handler's description.
     */
    private static void oneOperation(Operation get, List<SharedPathModes.Mode> handlers) {
        SharedPathModes.Mode main = handlers.get(0);
        StringBuilder summary = new StringBuilder(main.summary());
        StringBuilder description = new StringBuilder(main.description());
        for (SharedPathModes.Mode mode : handlers.subList(1, handlers.size())) {
            summary.append("; with ")
                    .append(mode.parameter())
                    .append(": ")
                    .append(Character.toLowerCase(mode.summary().charAt(0)))
                    .append(mode.summary().substring(1));
            description
                    .append("\n\n**With `")
                    .append(mode.parameter())
                    .append("`** (instead of an identifier): ")
                    .append(Character.toLowerCase(mode.summary().charAt(0)))
                    .append(mode.summary().substring(1))
                    .append(". ")
                    .append(mode.description());
        }
        Object scope =
                get.getExtensions() == null ? null : get.getExtensions().get(AccessDocumentation.SCOPE_EXTENSION);
        if (scope != null) {
            description.append("\n\n").append(AccessDocumentation.keyNeeded(scope.toString()));
        }
        get.setOperationId(main.operationId());
        get.setSummary(summary.toString());
        get.setDescription(description.toString());
    }

    private static List<Parameter> parameters(Route route, List<Parameter> own, boolean revalidated, boolean dated) {
        List<Parameter> parameters = new ArrayList<>();
        List<String> identifiers = switch (route.identifiers()) {
            case ANY_MODE -> ANY_MODE;
            case VIN_ONLY -> List.of(VIN_ONLY);
            case NONE -> List.of();
        };
        identifiers.forEach(name -> parameters.add(new Parameter().$ref("#/components/parameters/" + name)));
        route.parameters().forEach(name -> parameters.add(new Parameter().$ref("#/components/parameters/" + name)));
        if (own != null) {
            // a parameter the document declares as a component (the path's wmi) replaces springdoc's bare one
            own.stream()
                    .filter(parameter -> !route.parameters().contains(parameter.getName()))
                    .forEach(parameter -> {
                        if ("include".equals(parameter.getName())) {
                            includeValues(parameter);
                        }
                        parameters.add(parameter);
                    });
        }
        if (revalidated) {
            parameters.add(new Parameter().$ref("#/components/parameters/" + IF_NONE_MATCH));
        }
        if (dated) {
            parameters.add(new Parameter().$ref("#/components/parameters/" + IF_MODIFIED_SINCE));
        }
        parameters.add(new Parameter().$ref("#/components/parameters/" + REQUEST_ID));
        return parameters;
    }

    @SuppressWarnings("unchecked")
    private static void includeValues(Parameter include) {
        Schema<String> items = (Schema<String>) include.getSchema().getItems();
        items.setEnum(Stream.of(Group.values()).map(Group::key).toList());
    }

    private static ApiResponse errorResponse(List<ErrorExample> errors) {
        MediaType json =
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + RouteDocumentation.ERROR_SCHEMA));
        errors.forEach(
                error -> json.addExamples(error.name(), new Example().$ref("#/components/examples/" + error.name())));
        String description = errors.stream()
                .map(ErrorExample::code)
                .distinct()
                .map(code -> "`" + code.code() + "`: " + code.defaultMessage())
                .collect(Collectors.joining(". ", "", "."));
        return new ApiResponse()
                .description(description)
                .addHeaderObject(REQUEST_ID, headerRef(REQUEST_ID))
                .content(new Content().addMediaType(JSON, json));
    }

    private static Header headerRef(String name) {
        return new Header().$ref("#/components/headers/" + name);
    }
}
