package dev.vspec.query.openapi;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.infra.access.AccessGrant;
import dev.vspec.query.QuerySideApplication;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.tags.Tag;
import java.util.ArrayList;
import java.util.Optional;
import java.util.stream.Stream;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document of the read API, served at {@code /api/openapi.json} with Swagger UI at
 * {@code /api/docs} (paths set in query-side.yml), with the keys and scopes each route needs
 * ({@link AccessDocumentation}).
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    static {
        // Handlers take the identifier as one VehicleIdentifier argument; the document lists its query
        // parameters instead (RouteDocumentation).
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(VehicleIdentifier.class);
    }

    private static final String DESCRIPTION = """
            Maintenance data for a vehicle configuration: identity and VIN decode, fluids, spec sheet, tires, \
            service intervals, parts with dated prices, labor times, a cached exterior render and sanitized \
            per-VIN service history.

            **Two servers.** Every path is relative to one: `/api` answers every route to a key; `/api/sample`, \
            the keyless sandbox, answers every read route over the sample catalog without a key and takes no writes.

            **Identify the vehicle** with exactly one mode on every route that takes one: `?vin=`, \
            `?year=&make=&model=[&trim=]`, or `?config_key=`. A lookup that matches several configurations is \
            409 `multiple_matches` with every candidate in `matches`; repeat it with one `config_key` (stable \
            and exact, it skips any decode) or add `trim`.

            **Where each fact came from.** Every `vehicle` block carries `source` (where the identity came from) \
            and `coverage`: per data group (`fluids`, `specs`, `tires`, `maintenance_schedule`, `parts`, `labor`, \
            `image`, and `service_history` for a VIN) `{"status":"recorded","source":{...},"recorded_at":"..."}` or \
            `{"status":"missing"}`. A group the catalog holds nothing for answers 200 with its empty value, and \
            `coverage` says `missing`: an empty list alone does not mean the vehicle has none. A source is an \
            `import` (file `name`, `sha256`), a `vendor` (`name`, `response_millis`), `vpic` (`version`, the \
            release's data date, and `sha256`), `synthetic`, or `unknown` (recorded before sources were kept). \
            When sources disagree, a group shows the value of the highest precedence (an operator's import over a \
            catalog vendor over vPIC; between equals the later); the event log keeps both.

            **VIN decoding** follows NHTSA's rules over the NHTSA vPIC release installed in the deployment \
            (`vspec vpic install`); every decode names the release that answered. A VIN the catalog does not link \
            resolves by its decode: its year, make, model and engine code (the manufacturer's code from vPIC's \
            Engine Model, else one derived such as `2.0l-i4`), and its trim and drivetrain where decoded. Without an \
            installed release (or while one loads), the decoding routes, and any VIN the catalog does not link, \
            answer 503 `service_unavailable` with `Retry-After` in seconds.

            **Errors** are JSON with `object` (`"error"`), `error` (the code to match on), `message`, `param` (on a 400 \
            about one parameter, header or body field: its name), `docs` (a link to the code's section of the guide) and \
            `request_id`; every \
            route lists the errors it can answer, with an example of each. A parameter given twice, or holding a \
            control character such as a NUL byte, is 400 `invalid_param` naming it (the lists `vins` and `include` may \
            repeat). Requests the HTTP server refuses \
            before any route sees them are answered the same way: 400 `invalid_request` (not valid HTTP/1.1, \
            e.g. `[ ]` unencoded in the query or `%2F` in the path), 408 `request_timeout` (the request line \
            and headers took longer than 15 s), 417 `expectation_failed`, 431 `headers_too_large` (over 8 KB \
            or 100 headers), and, on the gateway, 429 `rate_limited` for a connection beyond the 256 one \
            address may hold.

            **Keys**: send your key as `Authorization: Bearer <key>` or in the `x-api-key` header, never in the \
            URL. Each route names the scope it needs. Every answer to a key carries `X-RateLimit-Limit`, \
            `X-RateLimit-Remaining`, `X-RateLimit-Reset`, `X-Monthly-Limit` and `X-Monthly-Remaining`; a 429 \
            carries `Retry-After` in seconds. A read is a successful GET; a 304 costs none.

            **Caching**: every 200 carries an ETag (send it back in If-None-Match for a 304) and a \
            Cache-Control that is longer for specs, fluids, tires and intervals than for prices, and a minute for the \
            listings of what the catalog holds, which grows; an enrichment job's status is never cached (`no-store`, \
            no ETag). An answer about one vehicle also carries Last-Modified, when the facts it shows last changed \
            (send it back in If-Modified-Since for a 304; If-None-Match, when sent, decides alone).

            The examples are answers over the sample catalog that `vspec up` imports (sample data) and the pinned \
            vPIC release.""";

    @Bean
    OpenAPI vspecOpenApi() {
        return new OpenAPI()
                .info(new Info().title("vspec").version(version()).description(DESCRIPTION))
                .servers(new ArrayList<>(PublishedDocument.SERVERS))
                .components(new Components()
                        .addSecuritySchemes(
                                AccessDocumentation.BEARER,
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.HTTP)
                                        .scheme("bearer")
                                        .description("`Authorization: Bearer vsk_live_…`"))
                        .addSecuritySchemes(
                                AccessDocumentation.API_KEY_HEADER,
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.APIKEY)
                                        .in(SecurityScheme.In.HEADER)
                                        .name(AccessGrant.API_KEY_HEADER)
                                        .description("`x-api-key: vsk_live_…`")))
                .tags(Stream.of(ApiRoutes.Section.values())
                        .map(section -> new Tag().name(section.title()).description(section.description()))
                        .toList());
    }

    @Bean
    OperationCustomizer accessDocumentation() {
        return new AccessDocumentation();
    }

    @Bean
    SharedPathModes sharedPathModes() {
        return new SharedPathModes();
    }

    @Bean
    OpenApiCustomizer routeDocumentation(SpringDocConfigProperties properties, SharedPathModes modes) {
        RouteDocumentation routes = new RouteDocumentation(Examples.load(), modes, properties.isOpenapi31());
        return document -> {
            routes.customise(document);
            PublishedDocument.publish(document);
        };
    }

    @Bean
    ModelConverter recordFieldPresence() {
        return new RecordFieldPresence();
    }

    /** The jar's version; {@code development} when running from classes (tests, IDE). */
    private static String version() {
        return Optional.ofNullable(QuerySideApplication.class.getPackage().getImplementationVersion())
                .orElse("development");
    }
}
