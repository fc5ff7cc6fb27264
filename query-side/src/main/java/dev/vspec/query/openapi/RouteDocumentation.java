package dev.vspec.query.openapi;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.EngineCode;
import dev.vspec.decoder.PartialVinDecoding;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.infra.access.AccessGrant;
import dev.vspec.query.decode.DecodeBatchController;
import dev.vspec.query.image.ImageView;
import dev.vspec.query.listings.Paging;
import dev.vspec.query.openapi.ApiRoutes.Route;
import dev.vspec.query.openapi.Examples.ErrorExample;
import dev.vspec.query.web.CachePolicy;
import dev.vspec.query.web.Freshness;
import dev.vspec.query.web.LastModified;
import dev.vspec.readmodel.Group;
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
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Completes the document springdoc builds from the handlers: the identifier parameters and the other
 * parameters routes share (declared once as components and referenced by every route that takes them),
 * the error record and every error each route answers per {@link ApiRoutes}, each with its example, the
 * 200 examples, the caching headers, one operation written from every handler of a path
 * ({@link SharedPathModes}), the decoder's answers and the {@code /v1/vehicle} schema with every group it
 * can include.
 */
final class RouteDocumentation implements OpenApiCustomizer {

    static final String ERROR_SCHEMA = "ApiError";
    static final String REQUEST_ID = "X-Request-Id";
    private static final String JSON = org.springframework.http.MediaType.APPLICATION_JSON_VALUE;
    private static final List<String> ANY_MODE = List.of("vin", "year", "make", "model", "trim", "config_key");
    private static final String VIN_ONLY = "vin_only";
    private static final String IF_NONE_MATCH = "If-None-Match";
    private static final String ETAG = "ETag";
    private static final String IF_MODIFIED_SINCE = "If-Modified-Since";
    private static final String LAST_MODIFIED = "Last-Modified";
    private static final String CIVIC_LX = "2019-honda-civic-lx-k20c2-fwd";
    /** The batch route's limit (DecodeBatchController.MAX_VINS, which infra's read counting enforces too). */
    private static final int MAX_BATCH = DecodeBatchController.MAX_VINS;

    private static final String DECODE = "/api/v1/decode";
    private static final String BATCH = "/api/v1/decode/batch";
    private static final String CONFIGS = "/api/v1/configs";
    private static final String WMI = "/api/v1/wmi/{wmi}";

    private final Examples examples;
    private final SharedPathModes modes;
    private final boolean openapi31;

    RouteDocumentation(Examples examples, SharedPathModes modes, boolean openapi31) {
        this.examples = examples;
        this.modes = modes;
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
        components.addHeaders(LAST_MODIFIED, new Header()
                .description("When a fact this answer shows last changed (an HTTP date, GMT, whole seconds): the"
                        + " configuration's record, each data group's as `vehicle.coverage` dates it, a price of a part"
                        + " it lists and, for a VIN, its link. Absent when one of them has no known time (a VIN that"
                        + " no import or enrichment linked, resolved by its decode). Send it back in If-Modified-Since"
                        + " to get 304 while nothing changed.")
                .schema(typed("string")));
        openApi.getPaths().forEach(this::document);
        vehicleGroups(openApi, components);
        decoderAnswers(openApi, components);
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
        ok.addHeaderObject("Cache-Control", new Header()
                .description("`" + cacheControl.apply(freshness) + "`" + switch (path) {
                    case "/api/v1/vehicle" -> " without include; with include, the shortest-lived group decides";
                    case "/api/v1/configs" -> ": an enrichment or import can add a configuration at any time";
                    default -> "";
                } + (keyed && freshness.stored() ? ". An answer given to a key is `private`: no shared cache may keep it."
                        + " It says `Vary: " + AccessGrant.KEY_HEADERS + "`. The keyless sandbox's answers are not private." : ""))
                .schema(typed("string")));
        ok.addHeaderObject(REQUEST_ID, headerRef(REQUEST_ID));
        if (route.parameters().contains("cursor")) {
            ok.addHeaderObject("Link", new Header().description("`<next>; rel=\"next\"`: the next page of a listing, as"
                    + " `next` in the body; absent on the last page.").schema(typed("string")));
        }
        examples.answers(path).forEach((name, example) -> ok.getContent().get(JSON).addExamples(name, example));
        if (freshness.stored()) {
            ok.addHeaderObject(ETAG, headerRef(ETAG));
            ApiResponse notModified = new ApiResponse()
                    .description(dated
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
            summary.append("; with ").append(mode.parameter()).append(": ")
                    .append(Character.toLowerCase(mode.summary().charAt(0))).append(mode.summary().substring(1));
            description.append("\n\n**With `").append(mode.parameter()).append("`** (instead of an identifier): ")
                    .append(Character.toLowerCase(mode.summary().charAt(0))).append(mode.summary().substring(1))
                    .append(". ").append(mode.description());
        }
        Object scope = get.getExtensions() == null ? null : get.getExtensions().get(AccessDocumentation.SCOPE_EXTENSION);
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
            own.stream().filter(parameter -> !route.parameters().contains(parameter.getName())).forEach(parameter -> {
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
    static Schema<Object> typed(String type) {
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
        describe(properties, "object", "The constant \"error\".");
        describe(properties, "error", "The machine code callers match on.");
        describe(properties, "message", "Human-readable text; wording may change.");
        describe(properties, "param", "On a 400 about one parameter: its name, as a query parameter, header or body"
                + " field (`vin`, `year`, `limit`, `Idempotency-Key`, ...); absent when the refusal is about no single one.");
        describe(properties, "matches", "Only on 409 multiple_matches: every candidate configuration, in the order of"
                + " /api/v1/configs. Retry with one config_key, or add trim.");
        Map<String, Schema> decoding = ModelConverters.getInstance(openapi31).readAll(new AnnotatedType(VinDecoding.class));
        decoding.forEach((name, schema) -> components.getSchemas().putIfAbsent(name, schema));
        properties.put("decode", new Schema<>().$ref("#/components/schemas/" + VinDecoding.class.getSimpleName()));
        describe(properties, "decode", "Only on 422 unsupported_vehicle: what the VIN decoded to, exactly as GET"
                + " /api/v1/decode answers it under `decode`, so a caller sees why no configuration could be chosen"
                + " (`engine_code` is null).");
        describe(properties, "available", "Added by the sandbox on a 404: the identifiers it holds.");
        describe(properties, "docs", "A link to the error's section of the docs, on the site VSPEC_SITE_URL names.");
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
                + " year-make-model-trim-enginecode[-drivetrain]. A key a newer vPIC release derives for a vehicle held"
                + " under an earlier release's key is kept as its alias and answers that configuration, whose own key"
                + " the answer's `vehicle.config_key` shows. Any other text names no configuration: 404 not_found"
                + " (over " + ConfigKey.MAX_LENGTH + " characters, 400 invalid_param). Skips any decode." + modes,
                typed("string")).example(CIVIC_LX));
        components.addParameters(VIN_ONLY, query("vin", "The VIN whose history to read, exactly " + Vin.LENGTH
                + " characters. This route takes no other identifier mode (400 missing_param).",
                typed("string").minLength(Vin.LENGTH).maxLength(Vin.LENGTH))
                .required(true).example("19XFC2F52KE715372"));
        components.addParameters("partial_vin", query("partial_vin", "Partial-VIN mode, instead of an identifier: the"
                + " known positions of a VIN, 3 to 16 characters, or 17 with `*` for each unknown one (`1HGCM826*3A`"
                + " is positions 1-11); positions 1-3, and 12-14 when position 3 is 9, must be known. Answers"
                + " `partial_decode`: what those positions determine, the values the others could still give and the"
                + " candidate model years. It resolves no configuration. A whole VIN, a character a VIN does not use,"
                + " or an identifier parameter besides it is 400 invalid_param; a WMI vPIC does not register, 404"
                + " not_found.", typed("string").minLength(3).maxLength(Vin.LENGTH)).example("1HGCM826*3A"));
        components.addParameters("vins", new Parameter().in("query").name("vins").required(true)
                .style(Parameter.StyleEnum.FORM).explode(false)
                .description("1 to " + MAX_BATCH + " VINs separated by commas (or the parameter repeated), each answered"
                        + " as `GET /api/v1/decode?vin=` would answer it, in the order given; a malformed VIN is its own"
                        + " result (status 400, invalid_vin), not a refusal of the batch. None is 400 missing_param; an"
                        + " empty entry, more than " + MAX_BATCH + " VINs or any other parameter is 400 invalid_param."
                        + " Each VIN counts as one read against the key's monthly quota.")
                .schema(typed("array").items(typed("string")).minItems(1).maxItems(MAX_BATCH))
                .example(List.of("19XFC2F52KE715372", "1HGCM82633A004352", "5UXTY5C07M9G00001")));
        components.addParameters("wmi", new Parameter().in("path").name("wmi").required(true)
                .description("A World Manufacturer Identifier: positions 1-3 of a VIN, or positions 1-3 and 12-14 (6"
                        + " characters) when position 3 is 9, a manufacturer of fewer than 1,000 vehicles a year;"
                        + " case-insensitive. Anything else is 400 invalid_param; a WMI vPIC does not register, 404"
                        + " not_found.")
                .schema(typed("string").minLength(3).maxLength(6)).example("1HG"));
        components.addParameters("limit", query("limit", "How many entries a page holds: 1 to " + Paging.MAX_LIMIT
                + " (else 400 invalid_param), " + Paging.DEFAULT_LIMIT + " when absent.", typed("integer")
                .minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(Paging.MAX_LIMIT))).example(Paging.DEFAULT_LIMIT));
        components.addParameters("cursor", query("cursor", "Where the page starts: the cursor of the previous page's"
                + " `next` link (and `Link` header), passed unchanged; none for the first page. Opaque: anything else"
                + " is 400 invalid_param. Entries the catalog gains while a client pages through are listed when"
                + " they sort after the cursor.", typed("string")));
        components.addParameters(IF_NONE_MATCH, new Parameter().in("header").name(IF_NONE_MATCH).required(false)
                .description("An ETag of an earlier answer: 304 without a body while it is still current.")
                .schema(typed("string")));
        components.addParameters(IF_MODIFIED_SINCE, new Parameter().in("header").name(IF_MODIFIED_SINCE).required(false)
                .description("The Last-Modified of an earlier answer: 304 without a body while nothing it shows changed"
                        + " since. Ignored when If-None-Match is sent (which decides alone), when the answer has no"
                        + " Last-Modified, or when it is not an HTTP date.")
                .schema(typed("string")).example("Sat, 21 Nov 2026 07:27:36 GMT"));
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
                source = "the cached render's content_type, etag and href (the path of its bytes: GET /api/v0/vehicle-image,"
                        + " or the sandbox's /api/sample/v0/vehicle-image when the sandbox answered),"
                        + " null when none is cached";
            } else {
                String route = group.route();
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

    /**
     * What the decoder's answers hold, said once on their schemas: the decode, its engine code, warnings and
     * release, the partial decode, a WMI and a batch's results.
     */
    private void decoderAnswers(OpenAPI openApi, Components components) {
        Map<String, Schema> schemas = components.getSchemas();
        Schema<?> decoding = schemas.get(VinDecoding.class.getSimpleName());
        decoding.setDescription("What NHTSA's vPIC data says of one VIN, decoded by NHTSA's rules over the installed vPIC"
                + " release. A field vPIC gives no value for is null (missing, never empty).");
        Map<String, Schema> fields = decoding.getProperties();
        describe(fields, "vehicle_descriptor", "NHTSA's descriptor: positions 1-8 and 10-11 (10-14 for a manufacturer"
                + " of fewer than 1,000 vehicles a year), position 9 as `*`.");
        describe(fields, "engine_code", "The engine part of a config_key, which matching a configuration needs: the"
                + " manufacturer's code when vPIC's Engine Model starts with one (`K20C2`, `J30A4`, `2GR-FKS`), else"
                + " derived from vPIC's displacement, cylinders and fuel (`2.0l-i4`, `3.0l-v6-diesel`, `745cc-v2`;"
                + " `electric` for a battery-electric vehicle) and marked `derived`; null when neither resolves, which"
                + " is 422 unsupported_vehicle unless the catalog links the VIN.");
        describe(fields, "check_digit", "Position 9 as 49 CFR 565.15 computes it; a wrong one is a"
                + " `check_digit_mismatch` warning, never an error, with `corrected_vin`.");
        describe(fields, "warnings", "What the decode could not settle: vspec's `code`, NHTSA's error code as"
                + " `nhtsa_code` where NHTSA has one (1 check digit, 6 incomplete VIN, 7 unknown WMI, 8 no detailed"
                + " data, 9 glider, 10 off-road vehicle, 11 invalid model year character, 14 positions vPIC has no"
                + " pattern for, 400 invalid characters), and a message; `ambiguous_model_year` and"
                + " `incomplete_vehicle` have none. A warning never makes the answer an error.");
        describe(fields, "nhtsa_error_codes", "NHTSA's error codes for this decode, as vPIC's own decoder gives them:"
                + " [0] when it decoded clean.");
        describe(fields, "elements", "Every element decoded, by vPIC's variable code and name, with where it came from:"
                + " `pattern` (with the VIN schema and key that matched), `engine_model`, `formula`, `wmi`, `model`,"
                + " `model_year` or `conversion`.");
        describe(fields, "release", "The vPIC release that answered.");
        schemas.get(EngineCode.class.getSimpleName()).setDescription("`value` as written (`K20C2`, `2.0l-i4`),"
                + " `derived` when vspec derived it rather than reading vPIC's Engine Model, and `basis`: what it came"
                + " from, for people.");
        schemas.get(VpicRelease.class.getSimpleName()).setDescription("The installed NHTSA vPIC release: the SHA-256"
                + " of its SQLite file (its identity), the date NHTSA last processed its data, where it came from and"
                + " when it was installed here.");

        Schema<?> partial = schemas.get(PartialVinDecoding.class.getSimpleName());
        partial.setDescription("What the known positions of a partial VIN determine. Elements are keyed by vPIC's"
                + " variable codes (Make, Model, BodyClass, ...).");
        Map<String, Schema> partialFields = partial.getProperties();
        describe(partialFields, "partial_vin", "The 17 positions as read, `*` for each unknown one.");
        describe(partialFields, "model_year", "The model year, when position 10 settles it; else null.");
        describe(partialFields, "model_years", "The candidate model years as ranges (`2003-2007`) when position 10"
                + " does not settle it; else null.");
        describe(partialFields, "determined", "Each element whose value the known positions settle, as a full decode"
                + " would give it.");
        describe(partialFields, "candidates", "For each other element, the values it could still take once the"
                + " unknown positions are known (at most 50 each, PartialDecoder's limit).");
        describe(partialFields, "truncated", "The elements that have more candidates than listed.");
        describe(partialFields, "release", "The vPIC release that answered.");

        Schema<?> wmi = responseSchema(openApi, WMI);
        wmi.setDescription("A World Manufacturer Identifier as vPIC registers it.");
        describe(wmi.getProperties(), "model_years", "The model years vPIC has VIN schemas for, as ranges.");
        describe(wmi.getProperties(), "schemas", "The VIN schemas that decode its VINs, each with the model years it"
                + " covers (`year_to` null: open ended).");
        describe(wmi.getProperties(), "release", "The vPIC release that answered.");

        Schema<?> batch = responseSchema(openApi, BATCH);
        describe(batch.getProperties(), "count", "How many results: one per VIN sent.");
        describe(batch.getProperties(), "results", "One result per VIN, in the order given: `status` is the HTTP status"
                + " GET /api/v1/decode?vin= gives that VIN, with that route's body (`vehicle`, `decode`, `matches`)"
                + " on 200, else its error record under `error`.");
        describe(batch.getProperties(), "release", "The vPIC release that answered every decode of the batch.");
        // named, so that a generated client has a BatchResult rather than a BatchResponseResultsInner
        Schema<?> results = batch.getProperties().get("results");
        Schema<?> result = results.getItems();
        if (result == null || result.getOneOf() == null) {
            throw new IllegalStateException(BATCH + "'s results should be one of Answered and Refused; springdoc gave " + results);
        }
        result.setDescription("One VIN's result: `status` 200 with the decode route's body (`vehicle`, `decode`, `matches`),"
                + " or the status of its refusal with its error record under `error`.");
        components.addSchemas("BatchResult", result);
        results.setItems(new Schema<>().$ref("#/components/schemas/BatchResult"));

        Schema<?> answer = responseSchema(openApi, DECODE);
        // springdoc merges the two handlers' bodies into a oneOf; were it to keep one, the document would miss a mode
        if (answer.getOneOf() == null || answer.getOneOf().size() != 2) {
            throw new IllegalStateException(DECODE + " should answer one of its two modes' bodies (vin and the other"
                    + " identifier modes, partial_vin); springdoc gave " + answer);
        }
        answer.setDescription("In an identifier mode `{vehicle, decode, matches?}`; with partial_vin `{partial_decode}`.");

        Schema<?> configs = responseSchema(openApi, CONFIGS);
        if (configs.getOneOf() == null || configs.getOneOf().size() != 2) {
            throw new IllegalStateException(CONFIGS + " should answer one of its candidates' and its page's bodies;"
                    + " springdoc gave " + configs);
        }
        configs.setDescription("With a complete identifier (vin, year+make+model[+trim] or config_key): every candidate,"
                + " each with `config_key` and `label`, and no `next`. With `year`, or `year` and `make`: a page of"
                + " configurations, each with its whole identity, and `next`.");
    }

    private static Schema<?> responseSchema(OpenAPI openApi, String path) {
        return component(openApi, openApi.getPaths().get(path).getGet().getResponses().get("200").getContent().get(JSON).getSchema());
    }

    /** The component a schema refers to, or the schema itself when it refers to none (a oneOf of two answers). */
    private static Schema<?> component(OpenAPI openApi, Schema<?> reference) {
        String ref = reference.get$ref();
        if (ref == null) {
            return reference;
        }
        return openApi.getComponents().getSchemas().get(ref.substring(ref.lastIndexOf('/') + 1));
    }
}
