package dev.vspec.query.openapi;

import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.query.decode.DecodeBatchController;
import dev.vspec.query.listings.Paging;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.math.BigDecimal;
import java.util.List;

/**
 * The parameters and headers the document declares once, as components, for every route that takes or answers
 * them to refer to: the identifier modes, the other parameters routes share, and the headers of the answers.
 */
final class SharedParameters {

    static final String VIN_ONLY = "vin_only";
    static final String IF_NONE_MATCH = "If-None-Match";
    static final String IF_MODIFIED_SINCE = "If-Modified-Since";
    private static final String CIVIC_LX = "2019-honda-civic-lx-k20c2-fwd";
    /** The batch route's limit (DecodeBatchController.MAX_VINS, which infra's read counting enforces too). */
    private static final int MAX_BATCH = DecodeBatchController.MAX_VINS;
    /** A header of every answer, and a parameter of every request. */
    static final String REQUEST_ID = "X-Request-Id";

    static final String ETAG = "ETag";
    static final String LAST_MODIFIED = "Last-Modified";

    private SharedParameters() {}

    /** Declares them in {@code components}: the parameters, then the headers. */
    static void declare(Components components) {
        parameters(components);
        components.addHeaders(
                REQUEST_ID,
                new Header()
                        .description(
                                "The caller's X-Request-Id when it sent one, else a fresh id; error bodies repeat it as request_id.")
                        .schema(typed("string")));
        components.addHeaders(
                ETAG,
                new Header()
                        .description(
                                "Validator of this answer; send it back in If-None-Match to get 304 while it is current.")
                        .schema(typed("string")));
        components.addHeaders(
                LAST_MODIFIED,
                new Header()
                        .description(
                                "When a fact this answer shows last changed (an HTTP date, GMT, whole seconds): the"
                                        + " configuration's record, each data group's as `vehicle.coverage` dates it, a price of a part"
                                        + " it lists and, for a VIN, its link. Absent when one of them has no known time (a VIN that"
                                        + " no import or enrichment linked, resolved by its decode). Send it back in If-Modified-Since"
                                        + " to get 304 while nothing changed.")
                        .schema(typed("string")));
    }

    /** A schema of one type, written as 3.0's {@code type} or 3.1's type set, whichever the document is. */
    static Schema<Object> typed(String type) {
        Schema<Object> schema = new Schema<>();
        schema.setType(type);
        schema.addType(type);
        return schema;
    }

    /** The identifier modes, described once and referenced by every route that takes them. */
    private static void parameters(Components components) {
        String modes = " Send exactly one identifier mode: `vin`, `year`+`make`+`model`[+`trim`], or `config_key`;"
                + " none or several is 400 missing_param.";
        components.addParameters(
                "vin",
                query(
                        "vin",
                        "Mode 1: the VIN, exactly " + Vin.LENGTH + " characters"
                                + " (digits and letters other than I, O, Q; case-insensitive; spaces stripped by the caller), else 400"
                                + " invalid_vin. A VIN the service holds resolves directly; another one is decoded and matched."
                                + modes,
                        typed("string").minLength(Vin.LENGTH).maxLength(Vin.LENGTH)));
        components.addParameters(
                "year",
                query(
                        "year",
                        "Mode 2, with make and model: the model year, four digits," + " else 400 invalid_param."
                                + modes,
                        typed("integer")
                                .minimum(BigDecimal.valueOf(VehicleIdentifier.MIN_YEAR))
                                .maximum(BigDecimal.valueOf(VehicleIdentifier.MAX_YEAR))));
        components.addParameters(
                "make",
                query(
                        "make",
                        "Mode 2, with year and model: the make, e.g. `Honda`;"
                                + " case and inner whitespace do not matter." + modes,
                        typed("string")));
        components.addParameters(
                "model",
                query(
                        "model",
                        "Mode 2, with year and make: the model, e.g. `Civic`;"
                                + " case and inner whitespace do not matter." + modes,
                        typed("string")));
        components.addParameters(
                "trim",
                query(
                        "trim",
                        "Optional in mode 2: the trim, e.g. `LX`. Narrows a lookup that"
                                + " matches several configurations (409 multiple_matches)." + modes,
                        typed("string")));
        components.addParameters(
                "config_key",
                query(
                                "config_key",
                                "Mode 3: a configuration's stable, exact key as"
                                        + " answered in `vehicle.config_key` and in 409 `matches`: the lowercase slug"
                                        + " year-make-model-trim-enginecode[-drivetrain]. A key a newer vPIC release derives for a vehicle held"
                                        + " under an earlier release's key is kept as its alias and answers that configuration, whose own key"
                                        + " the answer's `vehicle.config_key` shows. Any other text names no configuration: 404 not_found"
                                        + " (over " + ConfigKey.MAX_LENGTH
                                        + " characters, 400 invalid_param). Skips any decode." + modes,
                                typed("string"))
                        .example(CIVIC_LX));
        components.addParameters(
                VIN_ONLY,
                query(
                                "vin",
                                "The VIN whose history to read, exactly " + Vin.LENGTH
                                        + " characters. This route takes no other identifier mode (400 missing_param).",
                                typed("string").minLength(Vin.LENGTH).maxLength(Vin.LENGTH))
                        .required(true)
                        .example("19XFC2F52KE715372"));
        components.addParameters(
                "partial_vin",
                query(
                                "partial_vin",
                                "Partial-VIN mode, instead of an identifier: the"
                                        + " known positions of a VIN, 3 to 16 characters, or 17 with `*` for each unknown one (`1HGCM826*3A`"
                                        + " is positions 1-11); positions 1-3, and 12-14 when position 3 is 9, must be known. Answers"
                                        + " `partial_decode`: what those positions determine, the values the others could still give and the"
                                        + " candidate model years. It resolves no configuration. A whole VIN, a character a VIN does not use,"
                                        + " or an identifier parameter besides it is 400 invalid_param; a WMI vPIC does not register, 404"
                                        + " not_found.",
                                typed("string").minLength(3).maxLength(Vin.LENGTH))
                        .example("1HGCM826*3A"));
        components.addParameters(
                "vins",
                new Parameter()
                        .in("query")
                        .name("vins")
                        .required(true)
                        .style(Parameter.StyleEnum.FORM)
                        .explode(false)
                        .description("1 to " + MAX_BATCH
                                + " VINs separated by commas (or the parameter repeated), each answered"
                                + " as `GET /api/v1/decode?vin=` would answer it, in the order given; a malformed VIN is its own"
                                + " result (status 400, invalid_vin), not a refusal of the batch. None is 400 missing_param; an"
                                + " empty entry, more than " + MAX_BATCH
                                + " VINs or any other parameter is 400 invalid_param."
                                + " Each VIN counts as one read against the key's monthly quota.")
                        .schema(typed("array")
                                .items(typed("string"))
                                .minItems(1)
                                .maxItems(MAX_BATCH))
                        .example(List.of("19XFC2F52KE715372", "1HGCM82633A004352", "5UXTY5C07M9G00001")));
        components.addParameters(
                "wmi",
                new Parameter()
                        .in("path")
                        .name("wmi")
                        .required(true)
                        .description(
                                "A World Manufacturer Identifier: positions 1-3 of a VIN, or positions 1-3 and 12-14 (6"
                                        + " characters) when position 3 is 9, a manufacturer of fewer than 1,000 vehicles a year;"
                                        + " case-insensitive. Anything else is 400 invalid_param; a WMI vPIC does not register, 404"
                                        + " not_found.")
                        .schema(typed("string").minLength(3).maxLength(6))
                        .example("1HG"));
        components.addParameters(
                "limit",
                query(
                                "limit",
                                "How many entries a page holds: 1 to " + Paging.MAX_LIMIT
                                        + " (else 400 invalid_param), " + Paging.DEFAULT_LIMIT + " when absent.",
                                typed("integer").minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(Paging.MAX_LIMIT)))
                        .example(Paging.DEFAULT_LIMIT));
        components.addParameters(
                "cursor",
                query(
                        "cursor",
                        "Where the page starts: the cursor of the previous page's"
                                + " `next` link (and `Link` header), passed unchanged; none for the first page. Opaque: anything else"
                                + " is 400 invalid_param. Entries the catalog gains while a client pages through are listed when"
                                + " they sort after the cursor.",
                        typed("string")));
        components.addParameters(
                IF_NONE_MATCH,
                new Parameter()
                        .in("header")
                        .name(IF_NONE_MATCH)
                        .required(false)
                        .description("An ETag of an earlier answer: 304 without a body while it is still current.")
                        .schema(typed("string")));
        components.addParameters(
                IF_MODIFIED_SINCE,
                new Parameter()
                        .in("header")
                        .name(IF_MODIFIED_SINCE)
                        .required(false)
                        .description(
                                "The Last-Modified of an earlier answer: 304 without a body while nothing it shows changed"
                                        + " since. Ignored when If-None-Match is sent (which decides alone), when the answer has no"
                                        + " Last-Modified, or when it is not an HTTP date.")
                        .schema(typed("string"))
                        .example("Sat, 21 Nov 2026 07:27:36 GMT"));
        components.addParameters(
                REQUEST_ID,
                new Parameter()
                        .in("header")
                        .name(REQUEST_ID)
                        .required(false)
                        .description(
                                "The caller's id for this request, answered in the X-Request-Id header and in error bodies.")
                        .schema(typed("string")));
    }

    private static Parameter query(String name, String description, Schema<?> schema) {
        return new Parameter()
                .in("query")
                .name(name)
                .required(false)
                .description(description)
                .schema(schema);
    }
}
