package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jooq.exception.SQLStateClass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Turns every failure of a handler into the specification's error record; nothing else reaches the
 * client. A client's mistake is logged as {@link ApiErrorResponses} logs every client error (a short
 * line, throttled); an unexpected failure with its stack trace, the first of its kind each minute.
 */
@RestControllerAdvice
public class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
    static final Duration FAILURE_LOG_INTERVAL = Duration.ofMinutes(1);

    private final ApiErrorResponses responses;
    private final LogThrottle failures = new LogThrottle(FAILURE_LOG_INTERVAL, Clock.systemUTC());

    public ApiExceptionHandler(ApiErrorResponses responses) {
        this.responses = responses;
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ApiError> refused(ApiException e, HttpServletRequest request) {
        return answer(e.toError(), request);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ApiError> missingParameter(MissingServletRequestParameterException e, HttpServletRequest request) {
        return answer(
                ApiError.of(ErrorCode.MISSING_PARAM, "Parameter '" + e.getParameterName() + "' is required")
                        .about(e.getParameterName()),
                request);
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiError> badParameter(MethodArgumentTypeMismatchException e, HttpServletRequest request) {
        return answer(
                ApiError.of(ErrorCode.INVALID_PARAM, "Parameter '" + e.getName() + "' has an unreadable value")
                        .about(e.getName()),
                request);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadableBody(HttpMessageNotReadableException e, HttpServletRequest request) {
        return answer(
                ApiError.of(ErrorCode.INVALID_BODY, "The request body is not valid JSON of the expected shape"),
                request);
    }

    /**
     * The container could not read a form body's parameters (the query string passed StrictQueryStrings):
     * the client's mistake, and not logged, since the container's message repeats the raw values.
     */
    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<ApiError> unreadableForm(InvalidParameterException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.INVALID_BODY, RequestParameters.UNREADABLE_FORM), request);
    }

    /** 405 with {@code Allow}: every method the path takes, HEAD with GET and OPTIONS always, as an OPTIONS request answers. */
    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> wrongMethod(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        Set<HttpMethod> allowed =
                new LinkedHashSet<>(e.getSupportedHttpMethods() == null ? Set.of() : e.getSupportedHttpMethods());
        if (allowed.contains(HttpMethod.GET)) {
            allowed.add(HttpMethod.HEAD);
        }
        allowed.add(HttpMethod.OPTIONS);
        return responses.methodNotAllowed(request, allowed);
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiError> wrongContentType(HttpMediaTypeNotSupportedException e, HttpServletRequest request) {
        String accepted = e.getSupportedMediaTypes().isEmpty()
                ? MediaType.APPLICATION_JSON_VALUE
                : e.getSupportedMediaTypes().stream().map(MediaType::toString).collect(Collectors.joining(" or "));
        return answer(
                ApiError.of(
                        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                        (e.getContentType() == null
                                        ? "The request names no" + " Content-Type"
                                        : "This Content-Type is not accepted here")
                                + "; send Content-Type: " + accepted),
                request);
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.NOT_ACCEPTABLE, ErrorCode.NOT_ACCEPTABLE.defaultMessage()), request);
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    ResponseEntity<ApiError> noRoute(Exception e, HttpServletRequest request) {
        return answer(
                ApiError.of(
                        ErrorCode.NOT_FOUND,
                        "No route " + request.getMethod() + " "
                                + AskedRoutes.of(request).route(request.getRequestURI())),
                request);
    }

    /** The database is down or unreachable: a condition to retry, not a failure of the request. */
    @ExceptionHandler({
        DataAccessResourceFailureException.class,
        TransientDataAccessException.class,
        org.jooq.exception.DataAccessException.class
    })
    ResponseEntity<ApiError> databaseUnavailable(RuntimeException e, HttpServletRequest request) {
        if (e instanceof org.jooq.exception.DataAccessException jooq
                && jooq.sqlStateClass() != SQLStateClass.C08_CONNECTION_EXCEPTION) {
            return failed(e, request);
        }
        return unavailable(e, request);
    }

    private ResponseEntity<ApiError> unavailable(Exception e, HttpServletRequest request) {
        long heldBack = failures.pass("database unavailable");
        if (heldBack != LogThrottle.HELD_BACK) {
            log.warn(
                    "Request {} found the database unavailable{}: {}",
                    ApiErrorResponses.route(request),
                    failures.heldBackNote(heldBack),
                    e.getMessage());
        }
        return answer(
                ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The database does not answer right now; retry shortly"),
                request);
    }

    /** What HikariCP's stand-in for a connection it evicted throws, with no SQLState, on every use. */
    private static final String POOL_CLOSED_CONNECTION = "Connection is closed";

    /**
     * Whether the failure met a dropped connection somewhere below it (SQLState class 08, or the pool's stand-in for a
     * connection it evicted): a statement, commit or rollback that could not reach the database, as while it
     * restarts, whichever library wrapped it.
     */
    private static boolean connectionLost(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql
                    && (sql.getSQLState() == null
                            ? POOL_CLOSED_CONNECTION.equals(sql.getMessage())
                            : sql.getSQLState().startsWith("08"))) {
                return true;
            }
        }
        return false;
    }

    /** Spring's other refusals of a request (a missing header, ...) keep their 4xx; anything else is a failure of ours. */
    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiError> failed(Exception e, HttpServletRequest request) {
        if (e instanceof ErrorResponse refusal && refusal.getStatusCode().is4xxClientError()) {
            int status = refusal.getStatusCode().value();
            // a 400 here is a request Spring could not bind (a missing header, a value of the wrong type), not
            // malformed HTTP
            return answer(
                    status == 400
                            ? ApiError.of(ErrorCode.INVALID_PARAM, "The request could not be read")
                            : ContainerErrors.forStatus(status, request, null),
                    request);
        }
        if (connectionLost(e)) {
            // a dropped connection in another wrapper: a failed commit or rollback, Axon's JdbcException, ...
            return unavailable(e, request);
        }
        long heldBack = failures.pass(e.getClass().getName());
        if (heldBack != LogThrottle.HELD_BACK) {
            log.error("Request {} failed{}", ApiErrorResponses.route(request), failures.heldBackNote(heldBack), e);
        }
        return answer(ApiError.of(ErrorCode.INTERNAL_ERROR, ErrorCode.INTERNAL_ERROR.defaultMessage()), request);
    }

    private ResponseEntity<ApiError> answer(ApiError error, HttpServletRequest request) {
        return responses.entity(error, request);
    }
}
