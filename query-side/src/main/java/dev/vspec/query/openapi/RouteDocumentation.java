package dev.vspec.query.openapi;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.query.image.ImageView;
import dev.vspec.query.openapi.ApiRoutes.Route;
import dev.vspec.query.openapi.Examples.ErrorExample;
import dev.vspec.query.vehicle.Group;
import dev.vspec.query.web.CachePolicy;
import dev.vspec.query.web.Freshness;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.util.AnnotationsUtils;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
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
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Completes the document springdoc builds from the handlers: the identifier parameters (declared once
 * as components and referenced by every route that takes them), the error record and every error each
 * route answers per {@link ApiRoutes}, each with its example, the 200 examples, the caching headers and
 * the {@code /v1/vehicle} schema with every group it can include.
 */
final class RouteDocumentation implements OpenApiCustomizer {

    static final String ERROR_SCHEMA = "ApiError";
    static final String REQUEST_ID = "X-Request-Id";
    private static final String JSON = org.springframework.http.MediaType.APPLICATION_JSON_VALUE;
    private static final List<String> ANY_MODE = List.of("vin", "year", "make", "model", "trim", "config_key");
    private static final String VIN_ONLY = "vin_only";
    private static final String IF_NONE_MATCH = "If-None-Match";
    private static final String ETAG = "ETag";
    private static final String CIVIC_LX = "2019-honda-civic-lx-k20c2-fwd";

    private final Examples examples;
    private final boolean openapi31;

    RouteDocumentation(Examples examples, boolean openapi31) {
        this.examples = examples;
        this.openapi31 = openapi31;
    }

    @Override
    public void customise(OpenAPI openApi) {
        Components components = openApi.getComponents() == null ? new Components() : openApi.getComponents();
        openApi.setComponents(components);
        schemas(components);
        parameters(components);
        components.addHeaders(REQUEST_ID, new Header()
                .description("The caller's X-Request-Id when it sent one, else a fresh id; error bodies repeat it as request_id.")
                .schema(typed("string")));
        components.addHeaders(ETAG, new Header()
                .description("Validator of this answer; send it back in If-None-Match to get 304 while it is current.")
                .schema(typed("string")));
        openApi.getPaths().forEach(this::document);
        vehicleGroups(openApi, components);
    }

    private void document(String path, PathItem item) {
        Route route = ApiRoutes.of(path).orElseThrow(() -> new IllegalStateException(
                path + " is not in ApiRoutes: say there which errors it answers"));
        Operation get = item.getGet();
        if (get == null || item.readOperations().size() > 1) {
            throw new IllegalStateException(path + ": the API documents GET routes only");
        }
        Freshness freshness = CachePolicy.forRoute(path, name -> null)
                .orElseThrow(() -> new IllegalStateException(path + " has no CachePolicy"));
        get.setTags(List.of(route.section().title()));
        get.setParameters(parameters(route, get.getParameters(), freshness.stored()));

        ApiResponses responses = get.getResponses();
        ApiResponse ok = responses.get("200");
        ok.addHeaderObject("Cache-Control", new Header()
                .description("`" + freshness.cacheControl() + "`" + (path.equals("/api/v1/vehicle")
                        ? " without include; with include, the shortest-lived group decides" : ""))
                .schema(typed("string")));
        ok.addHeaderObject(REQUEST_ID, headerRef(REQUEST_ID));
        examples.answer(path).ifPresent(example -> ok.getContent().get(JSON).addExamples("sample", example));
        if (freshness.stored()) {
            ok.addHeaderObject(ETAG, headerRef(ETAG));
            responses.addApiResponse("304", new ApiResponse()
                    .description("Not Modified: If-None-Match names the current ETag. No body.")
                    .addHeaderObject(ETAG, headerRef(ETAG))
                    .addHeaderObject(REQUEST_ID, headerRef(REQUEST_ID)));
        }

        Map<Integer, List<ErrorExample>> byStatus = route.errors().stream()
                .map(examples::error)
                .collect(Collectors.groupingBy(error -> error.code().status(), TreeMap::new, Collectors.toList()));
        byStatus.forEach((status, errors) -> responses.addApiResponse(String.valueOf(status), errorResponse(errors)));
    }

    private static List<Parameter> parameters(Route route, List<Parameter> own, boolean revalidated) {
        List<Parameter> parameters = new ArrayList<>();
        List<String> identifiers = switch (route.identifiers()) {
            case ANY_MODE -> ANY_MODE;
            case VIN_ONLY -> List.of(VIN_ONLY);
            case NONE -> List.of();
        };
        identifiers.forEach(name -> parameters.add(new Parameter().$ref("#/components/parameters/" + name)));
        if (own != null) {
            own.forEach(parameter -> {
                if ("include".equals(parameter.getName())) {
                    includeValues(parameter);
                }
                parameters.add(parameter);
            });
        }
        if (revalidated) {
            parameters.add(new Parameter().$ref("#/components/parameters/" + IF_NONE_MATCH));
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
        MediaType json = new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + ERROR_SCHEMA));
        errors.forEach(error -> json.addExamples(error.name(), new Example().$ref("#/components/examples/" + error.name())));
        String description = errors.stream().map(ErrorExample::code).distinct()
                .map(code -> "`" + code.code() + "`: " + code.defaultMessage())
                .collect(Collectors.joining(". ", "", "."));
        return new ApiResponse()
                .description(description)
                .addHeaderObject(REQUEST_ID, headerRef(REQUEST_ID))
                .content(new Content().addMediaType(JSON, json));
    }

    /** A schema of one type, written as 3.0's {@code type} or 3.1's type set, whichever the document is. */
    private static Schema<Object> typed(String type) {
        Schema<Object> schema = new Schema<>();
        schema.setType(type);
        schema.addType(type);
        return schema;
    }

    private static Header headerRef(String name) {
        return new Header().$ref("#/components/headers/" + name);
    }

    /** The error record of every layer, and the error examples the routes refer to. */
    private void schemas(Components components) {
        Map<String, Schema> read = ModelConverters.getInstance(openapi31).readAll(new AnnotatedType(ApiError.class));
        read.forEach(components::addSchemas);
        Schema<?> error = components.getSchemas().get(ERROR_SCHEMA);
        error.description("Every non-2xx answer. Match on `error`, never on `message`.");
        error.setRequired(List.of("error", "message"));
        Map<String, Schema> properties = error.getProperties();
        describe(properties, "object", "The constant \"error\"; added by the gateway and the sandbox.");
        describe(properties, "error", "The machine code callers match on.");
        describe(properties, "message", "Human-readable text; wording may change.");
        describe(properties, "matches", "Only on 409 multiple_matches: every candidate configuration, in the order of"
                + " /api/v1/configs. Retry with one config_key, or add trim.");
        describe(properties, "available", "Added by the sandbox on a 404: the identifiers it holds.");
        describe(properties, "docs", "Added by the gateway and the sandbox: a link to the error's section of the docs.");
        describe(properties, "request_id", "The answer's X-Request-Id.");
        examples.errorNames().forEach(name -> components.addExamples(name, examples.error(name).example()));
    }

    private static void describe(Map<String, Schema> properties, String name, String description) {
        Schema<?> property = properties.get(name);
        if (property == null) {
            throw new IllegalStateException("The error record has no property " + name);
        }
        property.setDescription(description);
    }

    /** The identifier modes, described once and referenced by every route that takes them. */
    private static void parameters(Components components) {
        String modes = " Send exactly one identifier mode: `vin`, `year`+`make`+`model`[+`trim`], or `config_key`;"
                + " none or several is 400 missing_param.";
        components.addParameters("vin", query("vin", "Mode 1: the VIN, exactly " + Vin.LENGTH + " characters"
                + " (digits and letters other than I, O, Q; case-insensitive; spaces stripped by the caller), else 400"
                + " invalid_vin. A VIN the service holds resolves directly; another one is decoded and matched." + modes,
                typed("string").minLength(Vin.LENGTH).maxLength(Vin.LENGTH)));
        components.addParameters("year", query("year", "Mode 2, with make and model: the model year, four digits,"
                + " else 400 invalid_param." + modes, typed("integer")
                .minimum(BigDecimal.valueOf(VehicleIdentifier.MIN_YEAR)).maximum(BigDecimal.valueOf(VehicleIdentifier.MAX_YEAR))));
        components.addParameters("make", query("make", "Mode 2, with year and model: the make, e.g. `Honda`;"
                + " case and inner whitespace do not matter." + modes, typed("string")));
        components.addParameters("model", query("model", "Mode 2, with year and make: the model, e.g. `Civic`;"
                + " case and inner whitespace do not matter." + modes, typed("string")));
        components.addParameters("trim", query("trim", "Optional in mode 2: the trim, e.g. `LX`. Narrows a lookup that"
                + " matches several configurations (409 multiple_matches)." + modes, typed("string")));
        components.addParameters("config_key", query("config_key", "Mode 3: a configuration's stable, exact key as"
                + " answered in `vehicle.config_key` and in 409 `matches`: the lowercase slug"
                + " year-make-model-trim-enginecode[-drivetrain], else 400 invalid_param. Skips any decode." + modes,
                typed("string")).example(CIVIC_LX));
        components.addParameters(VIN_ONLY, query("vin", "The VIN whose history to read, exactly " + Vin.LENGTH
                + " characters. This route takes no other identifier mode (400 missing_param).",
                typed("string").minLength(Vin.LENGTH).maxLength(Vin.LENGTH))
                .required(true).example("19XFC2F52KE715372"));
        components.addParameters(IF_NONE_MATCH, new Parameter().in("header").name(IF_NONE_MATCH).required(false)
                .description("An ETag of an earlier answer: 304 without a body while it is still current.")
                .schema(typed("string")));
        components.addParameters(REQUEST_ID, new Parameter().in("header").name(REQUEST_ID).required(false)
                .description("The caller's id for this request, answered in the X-Request-Id header and in error bodies.")
                .schema(typed("string")));
    }

    private static Parameter query(String name, String description, Schema<?> schema) {
        return new Parameter().in("query").name(name).required(false).description(description).schema(schema);
    }

    /**
     * {@code /v1/vehicle} answers each included group under its key with exactly the value the group's
     * route answers there, so its schema takes each property from that route's schema.
     */
    private void vehicleGroups(OpenAPI openApi, Components components) {
        Schema<?> vehicle = responseSchema(openApi, "/api/v1/vehicle");
        component(openApi, vehicle.getProperties().get("vehicle")).setDescription("""
                The resolved configuration, the same block on every route that takes an identifier: `config_key` \
                (stable and exact, usable as the identifier), `label`, `year`, `make`, `model`, `trim`, \
                `engine_code`, and `drivetrain` (null where the configuration names none).""");
        Map<String, Schema> image = ModelConverters.getInstance(openapi31).readAll(new AnnotatedType(ImageView.class));
        image.forEach(components::addSchemas);
        for (Group group : Group.values()) {
            Schema<?> property;
            String source;
            if (group == Group.IMAGE) {
                property = new Schema<>().$ref("#/components/schemas/" + ImageView.class.getSimpleName());
                source = "the cached render's content_type, etag and href (its bytes are GET /api/v0/vehicle-image),"
                        + " null when none is cached";
            } else {
                String route = ApiRoutes.GROUP_ROUTES.get(group);
                Schema<?> original = responseSchema(openApi, route).getProperties().get(group.key());
                if (original == null) {
                    throw new IllegalStateException(route + " answers no property " + group.key());
                }
                property = AnnotationsUtils.clone(original, openapi31);
                source = "exactly what GET " + route + " answers under " + group.key();
            }
            property.setDescription("With include=" + group.key() + ": " + source + ".");
            vehicle.addProperty(group.key(), property);
        }
    }

    private static Schema<?> responseSchema(OpenAPI openApi, String path) {
        return component(openApi, openApi.getPaths().get(path).getGet().getResponses().get("200").getContent().get(JSON).getSchema());
    }

    private static Schema<?> component(OpenAPI openApi, Schema<?> reference) {
        String ref = reference.get$ref();
        return openApi.getComponents().getSchemas().get(ref.substring(ref.lastIndexOf('/') + 1));
    }
}
