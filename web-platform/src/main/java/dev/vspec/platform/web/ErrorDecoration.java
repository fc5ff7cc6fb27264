package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import jakarta.servlet.http.HttpServletRequest;

/**
 * What a deployable adds to every error record it writes, after the request id: {@code object} and
 * a {@code docs} link ({@link #docsAt}); the sandbox also the identifiers {@code available} on a 404.
 */
@FunctionalInterface
public interface ErrorDecoration {

    ErrorDecoration NONE = (error, request) -> error;

    /** {@code object} and the link to the code's section of the docs page on the site at {@code siteUrl}. */
    static ErrorDecoration docsAt(String siteUrl) {
        return (error, request) -> error.decorated(ErrorDocs.link(siteUrl, error.error()), error.available());
    }

    /**
     * @param request the request answered; null for an answer written before any request was read (a
     *                connection refused at accept)
     */
    ApiError decorate(ApiError error, HttpServletRequest request);
}
