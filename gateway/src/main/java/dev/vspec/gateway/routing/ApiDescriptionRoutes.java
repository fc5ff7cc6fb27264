package dev.vspec.gateway.routing;

import static org.springframework.web.servlet.function.RequestPredicates.methods;
import static org.springframework.web.servlet.function.RequestPredicates.path;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import java.time.Duration;
import java.util.List;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.RequestPredicate;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import org.webjars.WebJarVersionLocator;

/**
 * The API's description, which the gateway answers itself from contracts' bundle: the OpenAPI document at
 * {@value #DOCUMENT} (as YAML at {@value #DOCUMENT_YAML}; the API reference page reads it at
 * {@value #REFERENCE_DOCUMENT}) and Swagger UI over it at {@value #SWAGGER_UI}. No key; each answer may be
 * reused for five minutes, the document revalidated by its ETag. A method other than GET or HEAD is 405.
 */
final class ApiDescriptionRoutes {

    static final String DOCUMENT = "/api/openapi.json";
    static final String DOCUMENT_YAML = DOCUMENT + ".yaml";
    static final String REFERENCE_DOCUMENT = "/docs/reference/openapi.json";
    static final String SWAGGER_UI = "/api/docs";
    /** Swagger UI's files: the webjar's, but for its initializer, which points it at the document. */
    static final String SWAGGER_UI_FILES = "/api/swagger-ui/";

    private static final MediaType OPENAPI_YAML = MediaType.parseMediaType("application/vnd.oai.openapi");
    private static final CacheControl FIVE_MINUTES = CacheControl.maxAge(Duration.ofMinutes(5));
    private static final List<HttpMethod> READS = List.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);
    private static final RequestPredicate DESCRIPTION = path(DOCUMENT)
            .or(path(DOCUMENT_YAML))
            .or(path(REFERENCE_DOCUMENT))
            .or(path(SWAGGER_UI))
            .or(path(SWAGGER_UI_FILES + "**"));

    private ApiDescriptionRoutes() {}

    static RouterFunction<ServerResponse> routes(ServedDocument document, ApiErrorResponses errors) {
        ClassPathResource swaggerUi = new ClassPathResource(
                "META-INF/resources/webjars/swagger-ui/" + new WebJarVersionLocator().version("swagger-ui") + "/");
        RequestPredicate read = methods(HttpMethod.GET, HttpMethod.HEAD);
        return RouterFunctions.route()
                .route(DESCRIPTION.and(read.negate()), request -> GatewayRoutes.otherMethod(request, READS, errors))
                .route(
                        read.and(path(DOCUMENT).or(path(REFERENCE_DOCUMENT))),
                        request -> answer(request, document.json(), MediaType.APPLICATION_JSON))
                .route(read.and(path(DOCUMENT_YAML)), request -> answer(request, document.yaml(), OPENAPI_YAML))
                .route(
                        read.and(path(SWAGGER_UI)),
                        request -> ServerResponse.status(302)
                                .header("Location", SWAGGER_UI_FILES + "index.html")
                                .cacheControl(FIVE_MINUTES)
                                .build())
                .resource(
                        read.and(path(SWAGGER_UI_FILES + "swagger-initializer.js")),
                        new ClassPathResource("swagger-ui/swagger-initializer.js"),
                        (resource, headers) -> headers.setCacheControl(FIVE_MINUTES))
                .resources(
                        SWAGGER_UI_FILES + "**",
                        swaggerUi,
                        (resource, headers) -> headers.setCacheControl(FIVE_MINUTES))
                .route(
                        path(SWAGGER_UI_FILES + "**"),
                        request -> GatewayRoutes.response(errors.entity(
                                ApiError.of(ErrorCode.NOT_FOUND, "Swagger UI has no file " + request.path()),
                                request.servletRequest())))
                .build();
    }

    /** The representation, or 304 when If-None-Match names its ETag; either with the ETag and the lifetime. */
    private static ServerResponse answer(
            ServerRequest request, ServedDocument.Representation representation, MediaType type) {
        boolean unchanged = request.checkNotModified(representation.etag()).isPresent();
        ServerResponse.BodyBuilder answer = unchanged
                ? ServerResponse.status(HttpStatus.NOT_MODIFIED)
                : ServerResponse.ok().contentType(type);
        answer.cacheControl(FIVE_MINUTES).eTag(representation.etag());
        return unchanged ? answer.build() : answer.body(representation.bytes());
    }
}
