package dev.vspec.platform.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads every query string before anything else does, on every path: a parameter that carries an
 * API key (named like one, or a key-shaped name or value) is 401 {@code invalid_api_key}, since keys
 * go in headers and URLs end up in logs; a part without a name, one that is not valid URL encoding
 * of UTF-8, or more parameters than the container reads, is 400 {@code invalid_param}. Refusals
 * name the parameter when its name is plain, and never repeat a value. What passes here, the
 * container's own parameter parsing reads without failing.
 */
public final class StrictQueryStrings extends OncePerRequestFilter {

    /** Tomcat's limit ({@code server.tomcat.max-parameter-count}): beyond it, reading any parameter fails. */
    static final int MAX_PARAMETERS = 1000;

    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_.\\-\\[\\]]{1,64}");
    private static final String ENCODING =
            "each escape is a percent sign and two hex digits, and together they spell UTF-8";

    private final ApiErrorResponses errors;

    public StrictQueryStrings(ApiErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ApiError refusal = refusal(QueryString.parameters(request.getQueryString()));
        if (refusal != null) {
            errors.write(request, response, refusal);
            return;
        }
        chain.doFilter(request, response);
    }

    /** Why the query string is refused, or null when it is not. */
    static ApiError refusal(List<QueryString.Parameter> parameters) {
        for (QueryString.Parameter parameter : parameters) {
            if (RedactedQuery.carriesKey(parameter)) {
                String where = RedactedQuery.hasKeyShapedName(parameter)
                        ? "a query parameter's name"
                        : "query parameter " + shown(parameter);
                return ApiError.of(
                        ErrorCode.INVALID_API_KEY,
                        "API keys are refused in the URL (" + where + "): send the key"
                                + " in the Authorization header as `Bearer <key>` or in the x-api-key header, and replace this key,"
                                + " since URLs end up in logs");
            }
        }
        if (parameters.size() > MAX_PARAMETERS) {
            return ApiError.of(
                    ErrorCode.INVALID_PARAM, "The query string has more than " + MAX_PARAMETERS + " parameters");
        }
        for (QueryString.Parameter parameter : parameters) {
            if (parameter.rawName().isEmpty()) {
                return ApiError.of(
                        ErrorCode.INVALID_PARAM, "A query parameter has no name: send name=value pairs joined by &");
            }
            if (parameter.name() == null) {
                return ApiError.of(
                        ErrorCode.INVALID_PARAM, "A query parameter's name is not valid URL encoding: " + ENCODING);
            }
            if (parameter.value() == null) {
                ApiError refused = ApiError.of(
                        ErrorCode.INVALID_PARAM,
                        "Query parameter " + shown(parameter) + " is not valid URL encoding: " + ENCODING);
                return PLAIN_NAME.matcher(parameter.name()).matches() ? refused.about(parameter.name()) : refused;
            }
        }
        return null;
    }

    /** The parameter's name in quotes when it is plain text, so a refusal never repeats what a client made up. */
    private static String shown(QueryString.Parameter parameter) {
        String name = parameter.name() == null ? parameter.rawName() : parameter.name();
        return PLAIN_NAME.matcher(name).matches() ? "'" + name + "'" : "(a name with unusual characters)";
    }
}
