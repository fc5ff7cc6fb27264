package dev.vspec.infra.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jooq.exception.SQLStateClass;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** Turns every failure of a controller into the specification's error record; nothing else reaches the client. */
@RestControllerAdvice
public class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    private final ApiErrorResponses responses;

    public ApiExceptionHandler(ApiErrorResponses responses) {
        this.responses = responses;
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ApiError> refused(ApiException e, HttpServletRequest request) {
        return answer(e.toError(), request);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ApiError> missingParameter(MissingServletRequestParameterException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.MISSING_PARAM, "Parameter '" + e.getParameterName() + "' is required"), request);
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiError> badParameter(MethodArgumentTypeMismatchException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.INVALID_PARAM, "Parameter '" + e.getName() + "' has an unreadable value"), request);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadableBody(HttpMessageNotReadableException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.INVALID_BODY, "The request body is not valid JSON of the expected shape"), request);
    }

    /**
     * The container could not read a form body's parameters (the query string passed StrictQueryStrings):
     * the client's mistake, and not logged, since the container's message repeats the raw values.
     */
    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<ApiError> unreadableForm(InvalidParameterException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.INVALID_BODY, "The form body is not name=value pairs in URL encoding of UTF-8,"
                + " or is larger than the server reads"), request);
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> wrongMethod(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        ResponseEntity<ApiError> answer = answer(ApiError.of(ErrorCode.METHOD_NOT_ALLOWED,
                request.getMethod() + " is not accepted on " + request.getRequestURI()), request);
        if (e.getSupportedHttpMethods() == null) {
            return answer;
        }
        return ResponseEntity.status(answer.getStatusCode()).headers(answer.getHeaders())
                .allow(e.getSupportedHttpMethods().toArray(org.springframework.http.HttpMethod[]::new))
                .body(answer.getBody());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiError> wrongContentType(HttpMediaTypeNotSupportedException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Content-Type " + e.getContentType() + " is not accepted here"), request);
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.NOT_ACCEPTABLE, ErrorCode.NOT_ACCEPTABLE.defaultMessage()), request);
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    ResponseEntity<ApiError> noRoute(Exception e, HttpServletRequest request) {
        return answer(ApiError.of(ErrorCode.NOT_FOUND, "No route " + request.getMethod() + " " + request.getRequestURI()), request);
    }

    /** The database is down or unreachable: a condition to retry, not a failure of the request. */
    @ExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class,
            org.jooq.exception.DataAccessException.class})
    ResponseEntity<ApiError> databaseUnavailable(RuntimeException e, HttpServletRequest request) {
        if (e instanceof org.jooq.exception.DataAccessException jooq && jooq.sqlStateClass() != SQLStateClass.C08_CONNECTION_EXCEPTION) {
            return failed(e, request);
        }
        log.warn("Request {} {} found the database unavailable: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        return answer(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The database does not answer right now; retry shortly"), request);
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiError> failed(Exception e, HttpServletRequest request) {
        log.error("Request {} {} failed", request.getMethod(), request.getRequestURI(), e);
        return answer(ApiError.of(ErrorCode.INTERNAL_ERROR, ErrorCode.INTERNAL_ERROR.defaultMessage()), request);
    }

    private ResponseEntity<ApiError> answer(ApiError error, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.valueOf(error.error().status()))
                .contentType(MediaType.APPLICATION_JSON)
                .header("Cache-Control", "no-store")
                .body(responses.stamped(error, request));
    }
}
