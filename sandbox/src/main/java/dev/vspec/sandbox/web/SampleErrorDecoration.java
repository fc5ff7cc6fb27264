package dev.vspec.sandbox.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.platform.web.ErrorDecoration;
import dev.vspec.platform.web.ErrorDocs;
import dev.vspec.sandbox.sample.SampleIdentifiers;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sandbox's error records, as the specification has the sandbox add to them: {@code object:
 * "error"}, a {@code docs} link to the code's section of the docs page, and on a 404 the
 * identifiers the route does answer for.
 */
final class SampleErrorDecoration implements ErrorDecoration {

    private static final Logger log = LoggerFactory.getLogger(SampleErrorDecoration.class);

    private final String siteUrl;
    private final SampleIdentifiers identifiers;

    SampleErrorDecoration(String siteUrl, SampleIdentifiers identifiers) {
        this.siteUrl = siteUrl;
        this.identifiers = identifiers;
    }

    @Override
    public ApiError decorate(ApiError error, HttpServletRequest request) {
        List<String> available = request != null && error.error().status() == 404 ? available(request) : null;
        return error.decorated(ErrorDocs.link(siteUrl, error.error()), available);
    }

    /** None when they cannot be read: the error itself must still be answered. */
    private List<String> available(HttpServletRequest request) {
        try {
            return identifiers.forRoute(livePath(request));
        } catch (RuntimeException e) {
            log.warn("The sample identifiers cannot be read for a 404: {}", e.toString());
            return null;
        }
    }

    /** The live route asked for, whether the request was rewritten yet or is an error dispatch. */
    private static String livePath(HttpServletRequest request) {
        Object original = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = (original != null ? original.toString() : request.getRequestURI())
                .substring(request.getContextPath().length());
        String live = SandboxPrefix.livePath(path);
        return live != null ? live : path;
    }
}
