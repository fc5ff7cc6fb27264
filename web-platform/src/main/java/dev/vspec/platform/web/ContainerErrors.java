package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.regex.Pattern;
import org.apache.tomcat.util.res.StringManager;
import org.springframework.http.HttpHeaders;

/**
 * The error record for a status the servlet container set by itself, with no controller writing a
 * body: a request Tomcat refused before any route saw it, or an error dispatch. Statuses Tomcat
 * gives a client's protocol mistake as 5xx become the 4xx they are. Messages never repeat what the
 * client sent.
 */
public final class ContainerErrors {

    private static final Pattern ENCODED_SEPARATOR = Pattern.compile("%(2f|5c|00)", Pattern.CASE_INSENSITIVE);
    private static final String MALFORMED =
            "The request is not valid HTTP/1.1: check the request line, that the path and"
                    + " query percent-encode every character RFC 3986 does not allow there (such as [ ] { } | \\ ^ \" < > and bytes"
                    + " outside ASCII), and the headers";
    /** Tomcat's own wording of its size refusals, in the locale it writes them in. */
    private static final String HEADERS_TOO_LARGE =
            StringManager.getManager("org.apache.coyote.http11").getString("iib.requestheadertoolarge.error");

    private static final String[] TOO_MANY_HEADERS = StringManager.getManager("org.apache.tomcat.util.http")
            .getString("headers.maxCountFail", "\u0000")
            .split("\u0000", 2);

    private ContainerErrors() {}

    /** @param cause what Tomcat recorded as the request's failure, or null */
    public static ApiError forStatus(int status, HttpServletRequest request, Throwable cause) {
        return switch (status) {
            case 400 -> badRequest(request, cause);
            case 404 -> ApiError.of(ErrorCode.NOT_FOUND, "No route " + originalPath(request));
            case 405 -> ApiError.of(ErrorCode.METHOD_NOT_ALLOWED, ErrorCode.METHOD_NOT_ALLOWED.defaultMessage());
            case 406 -> ApiError.of(ErrorCode.NOT_ACCEPTABLE, ErrorCode.NOT_ACCEPTABLE.defaultMessage());
            case 408 ->
                ApiError.of(
                        ErrorCode.REQUEST_TIMEOUT,
                        "The request line and headers did not arrive in time;" + " send each request whole");
            case 415 ->
                ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorCode.UNSUPPORTED_MEDIA_TYPE.defaultMessage());
            case 417 ->
                ApiError.of(
                        ErrorCode.EXPECTATION_FAILED,
                        "Only 'Expect: 100-continue' is understood; send the" + " request without Expect");
            case 501 -> notImplemented(request);
            case 503 -> ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, ErrorCode.SERVICE_UNAVAILABLE.defaultMessage());
            // an HTTP/2.0 (or any other) request line is a malformed HTTP/1.1 request, not the server's failure
            case 505 -> ApiError.of(ErrorCode.INVALID_REQUEST, "Only HTTP/1.1 and HTTP/1.0 requests are accepted");
            default ->
                status < 500
                        ? ApiError.of(ErrorCode.INVALID_REQUEST, MALFORMED)
                        : ApiError.of(ErrorCode.INTERNAL_ERROR, ErrorCode.INTERNAL_ERROR.defaultMessage());
        };
    }

    private static ApiError badRequest(HttpServletRequest request, Throwable cause) {
        String failure = cause == null ? null : cause.getMessage();
        if (HEADERS_TOO_LARGE.equals(failure)) {
            return ApiError.of(
                    ErrorCode.HEADERS_TOO_LARGE,
                    "The request line and headers are larger than this server"
                            + " accepts; send a shorter URL and fewer or smaller headers");
        }
        if (failure != null && failure.startsWith(TOO_MANY_HEADERS[0]) && failure.endsWith(TOO_MANY_HEADERS[1])) {
            return ApiError.of(
                    ErrorCode.HEADERS_TOO_LARGE,
                    "The request carries more headers than this server accepts;" + " send fewer");
        }
        if (cause != null) {
            // the request line or a header could not be parsed: nothing after it was read
            return ApiError.of(ErrorCode.INVALID_REQUEST, MALFORMED);
        }
        if (Collections.list(request.getHeaders(HttpHeaders.HOST)).size() > 1) {
            return ApiError.of(ErrorCode.INVALID_REQUEST, "Send exactly one Host header");
        }
        if ("HTTP/1.1".equals(request.getProtocol()) && request.getHeader(HttpHeaders.HOST) == null) {
            return ApiError.of(ErrorCode.INVALID_REQUEST, "An HTTP/1.1 request needs a Host header");
        }
        if (ENCODED_SEPARATOR.matcher(originalPath(request)).find()) {
            return ApiError.of(
                    ErrorCode.INVALID_REQUEST,
                    "The path may not contain an encoded '/', '\\' or NUL (%2F, %5C," + " %00)");
        }
        return ApiError.of(ErrorCode.INVALID_REQUEST, MALFORMED);
    }

    /** Tomcat's two 501s, both a client's mistake here. */
    private static ApiError notImplemented(HttpServletRequest request) {
        if ("CONNECT".equals(request.getMethod())) {
            return ApiError.of(ErrorCode.METHOD_NOT_ALLOWED, "CONNECT is not accepted: this service is not a proxy");
        }
        // RFC 9112 (6.1) has a server answer 501 to a transfer coding it does not implement, and lets it reject the
        // request: the service implements chunked alone, so another coding is the client's mistake, not an outage
        return ApiError.of(ErrorCode.INVALID_REQUEST, "Transfer-Encoding may only be chunked");
    }

    /** The path the client asked for, also on an error dispatch; empty when the request line could not be read. */
    private static String originalPath(HttpServletRequest request) {
        Object original = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = original != null ? original.toString() : request.getRequestURI();
        return path == null ? "" : path;
    }
}
