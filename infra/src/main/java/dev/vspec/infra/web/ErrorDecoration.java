package dev.vspec.infra.web;

import dev.vspec.contracts.error.ApiError;
import jakarta.servlet.http.HttpServletRequest;

/**
 * What a deployable adds to every error record it writes, after the request id: the sandbox adds
 * {@code object}, a {@code docs} link and, on a 404, the identifiers that are {@code available}.
 * The live API adds nothing.
 */
@FunctionalInterface
public interface ErrorDecoration {

    ErrorDecoration NONE = (error, request) -> error;

    ApiError decorate(ApiError error, HttpServletRequest request);
}
