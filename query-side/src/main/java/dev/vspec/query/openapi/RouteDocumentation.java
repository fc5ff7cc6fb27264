package dev.vspec.query.openapi;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.decoder.EngineCode;
import dev.vspec.decoder.PartialVinDecoding;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.query.image.ImageView;
import dev.vspec.readmodel.Group;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.util.AnnotationsUtils;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Completes the document springdoc builds from the handlers: the error record with every error example, the
 * parameters and headers routes share ({@link SharedParameters}), each route's operation
 * ({@link OperationDocumentation}), then the decoder's answers and the {@code /v1/vehicle} schema with every group
 * it can include.
 */
final class RouteDocumentation implements OpenApiCustomizer {

    static final String ERROR_SCHEMA = "ApiError";
    private static final String JSON = org.springframework.http.MediaType.APPLICATION_JSON_VALUE;

    private static final String DECODE = "/api/v1/decode";
    private static final String BATCH = "/api/v1/decode/batch";
    private static final String CONFIGS = "/api/v1/configs";
    private static final String WMI = "/api/v1/wmi/{wmi}";

    private final Examples examples;
    private final OperationDocumentation operations;
    private final boolean openapi31;

    RouteDocumentation(Examples examples, SharedPathModes modes, boolean openapi31) {
        this.examples = examples;
        this.operations = new OperationDocumentation(examples, modes);
        this.openapi31 = openapi31;
    }

    @Override
    public void customise(OpenAPI openApi) {
        Components components = openApi.getComponents() == null ? new Components() : openApi.getComponents();
        openApi.setComponents(components);
        schemas(components);
        SharedParameters.declare(components);
        openApi.getPaths().forEach(operations::document);
        vehicleGroups(openApi, components);
        decoderAnswers(openApi, components);
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
        describe(
                properties,
                "param",
                "On a 400 about one parameter: its name, as a query parameter, header or body"
                        + " field (`vin`, `year`, `limit`, `Idempotency-Key`, ...); absent when the refusal is about no single one.");
        describe(
                properties,
                "matches",
                "Only on 409 multiple_matches: every candidate configuration, in the order of"
                        + " /api/v1/configs. Retry with one config_key, or add trim.");
        Map<String, Schema> decoding =
                ModelConverters.getInstance(openapi31).readAll(new AnnotatedType(VinDecoding.class));
        decoding.forEach((name, schema) -> components.getSchemas().putIfAbsent(name, schema));
        properties.put("decode", new Schema<>().$ref("#/components/schemas/" + VinDecoding.class.getSimpleName()));
        describe(
                properties,
                "decode",
                "Only on 422 unsupported_vehicle: what the VIN decoded to, exactly as GET"
                        + " /api/v1/decode answers it under `decode`, so a caller sees why no configuration could be chosen"
                        + " (`engine_code` is null).");
        describe(properties, "available", "Added by the sandbox on a 404: the identifiers it holds.");
        describe(properties, "docs", "A link to the error's section of the docs, on the site VSPEC_SITE_URL names.");
        describe(properties, "request_id", "The answer's X-Request-Id.");
        examples.errorNames()
                .forEach(name ->
                        components.addExamples(name, examples.error(name).example()));
    }

    private static void describe(Map<String, Schema> properties, String name, String description) {
        Schema<?> property = properties.get(name);
        if (property == null) {
            throw new IllegalStateException("The error record has no property " + name);
        }
        property.setDescription(description);
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
                source =
                        "the cached render's content_type, etag and href (the path of its bytes: GET /api/v0/vehicle-image,"
                                + " or the sandbox's /api/sample/v0/vehicle-image when the sandbox answered),"
                                + " null when none is cached";
            } else {
                String route = group.route();
                Schema<?> original =
                        responseSchema(openApi, route).getProperties().get(group.key());
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
        decoding.setDescription(
                "What NHTSA's vPIC data says of one VIN, decoded by NHTSA's rules over the installed vPIC"
                        + " release. A field vPIC gives no value for is null (missing, never empty).");
        Map<String, Schema> fields = decoding.getProperties();
        describe(
                fields,
                "vehicle_descriptor",
                "NHTSA's descriptor: positions 1-8 and 10-11 (10-14 for a manufacturer"
                        + " of fewer than 1,000 vehicles a year), position 9 as `*`.");
        describe(
                fields,
                "engine_code",
                "The engine part of a config_key, which matching a configuration needs: the"
                        + " manufacturer's code when vPIC's Engine Model starts with one (`K20C2`, `J30A4`, `2GR-FKS`), else"
                        + " derived from vPIC's displacement, cylinders and fuel (`2.0l-i4`, `3.0l-v6-diesel`, `745cc-v2`;"
                        + " `electric` for a battery-electric vehicle) and marked `derived`; null when neither resolves, which"
                        + " is 422 unsupported_vehicle unless the catalog links the VIN.");
        describe(
                fields,
                "check_digit",
                "Position 9 as 49 CFR 565.15 computes it; a wrong one is a"
                        + " `check_digit_mismatch` warning, never an error, with `corrected_vin`.");
        describe(
                fields,
                "warnings",
                "What the decode could not settle: vspec's `code`, NHTSA's error code as"
                        + " `nhtsa_code` where NHTSA has one (1 check digit, 6 incomplete VIN, 7 unknown WMI, 8 no detailed"
                        + " data, 9 glider, 10 off-road vehicle, 11 invalid model year character, 14 positions vPIC has no"
                        + " pattern for, 400 invalid characters), and a message; `ambiguous_model_year` and"
                        + " `incomplete_vehicle` have none. A warning never makes the answer an error.");
        describe(
                fields,
                "nhtsa_error_codes",
                "NHTSA's error codes for this decode, as vPIC's own decoder gives them:"
                        + " [0] when it decoded clean.");
        describe(
                fields,
                "elements",
                "Every element decoded, by vPIC's variable code and name, with where it came from:"
                        + " `pattern` (with the VIN schema and key that matched), `engine_model`, `formula`, `wmi`, `model`,"
                        + " `model_year` or `conversion`.");
        describe(fields, "release", "The vPIC release that answered.");
        schemas.get(EngineCode.class.getSimpleName())
                .setDescription("`value` as written (`K20C2`, `2.0l-i4`),"
                        + " `derived` when vspec derived it rather than reading vPIC's Engine Model, and `basis`: what it came"
                        + " from, for people.");
        schemas.get(VpicRelease.class.getSimpleName())
                .setDescription("The installed NHTSA vPIC release: the SHA-256"
                        + " of its SQLite file (its identity), the date NHTSA last processed its data, where it came from and"
                        + " when it was installed here.");

        Schema<?> partial = schemas.get(PartialVinDecoding.class.getSimpleName());
        partial.setDescription("What the known positions of a partial VIN determine. Elements are keyed by vPIC's"
                + " variable codes (Make, Model, BodyClass, ...).");
        Map<String, Schema> partialFields = partial.getProperties();
        describe(partialFields, "partial_vin", "The 17 positions as read, `*` for each unknown one.");
        describe(partialFields, "model_year", "The model year, when position 10 settles it; else null.");
        describe(
                partialFields,
                "model_years",
                "The candidate model years as ranges (`2003-2007`) when position 10"
                        + " does not settle it; else null.");
        describe(
                partialFields,
                "determined",
                "Each element whose value the known positions settle, as a full decode" + " would give it.");
        describe(
                partialFields,
                "candidates",
                "For each other element, the values it could still take once the"
                        + " unknown positions are known (at most 50 each, PartialDecoder's limit).");
        describe(partialFields, "truncated", "The elements that have more candidates than listed.");
        describe(partialFields, "release", "The vPIC release that answered.");

        Schema<?> wmi = responseSchema(openApi, WMI);
        wmi.setDescription("A World Manufacturer Identifier as vPIC registers it.");
        describe(wmi.getProperties(), "model_years", "The model years vPIC has VIN schemas for, as ranges.");
        describe(
                wmi.getProperties(),
                "schemas",
                "The VIN schemas that decode its VINs, each with the model years it"
                        + " covers (`year_to` null: open ended).");
        describe(wmi.getProperties(), "release", "The vPIC release that answered.");

        Schema<?> batch = responseSchema(openApi, BATCH);
        describe(batch.getProperties(), "count", "How many results: one per VIN sent.");
        describe(
                batch.getProperties(),
                "results",
                "One result per VIN, in the order given: `status` is the HTTP status"
                        + " GET /api/v1/decode?vin= gives that VIN, with that route's body (`vehicle`, `decode`, `matches`)"
                        + " on 200, else its error record under `error`.");
        describe(batch.getProperties(), "release", "The vPIC release that answered every decode of the batch.");
        // named, so that a generated client has a BatchResult rather than a BatchResponseResultsInner
        Schema<?> results = batch.getProperties().get("results");
        Schema<?> result = results.getItems();
        if (result == null || result.getOneOf() == null) {
            throw new IllegalStateException(
                    BATCH + "'s results should be one of Answered and Refused; springdoc gave " + results);
        }
        result.setDescription(
                "One VIN's result: `status` 200 with the decode route's body (`vehicle`, `decode`, `matches`),"
                        + " or the status of its refusal with its error record under `error`.");
        components.addSchemas("BatchResult", result);
        results.setItems(new Schema<>().$ref("#/components/schemas/BatchResult"));

        Schema<?> answer = responseSchema(openApi, DECODE);
        // springdoc merges the two handlers' bodies into a oneOf; were it to keep one, the document would miss a mode
        if (answer.getOneOf() == null || answer.getOneOf().size() != 2) {
            throw new IllegalStateException(DECODE + " should answer one of its two modes' bodies (vin and the other"
                    + " identifier modes, partial_vin); springdoc gave " + answer);
        }
        answer.setDescription(
                "In an identifier mode `{vehicle, decode, matches?}`; with partial_vin `{partial_decode}`.");

        Schema<?> configs = responseSchema(openApi, CONFIGS);
        if (configs.getOneOf() == null || configs.getOneOf().size() != 2) {
            throw new IllegalStateException(CONFIGS + " should answer one of its candidates' and its page's bodies;"
                    + " springdoc gave " + configs);
        }
        configs.setDescription(
                "With a complete identifier (vin, year+make+model[+trim] or config_key): every candidate,"
                        + " each with `config_key` and `label`, and no `next`. With `year`, or `year` and `make`: a page of"
                        + " configurations, each with its whole identity, and `next`.");
    }

    private static Schema<?> responseSchema(OpenAPI openApi, String path) {
        return component(
                openApi,
                openApi.getPaths()
                        .get(path)
                        .getGet()
                        .getResponses()
                        .get("200")
                        .getContent()
                        .get(JSON)
                        .getSchema());
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
