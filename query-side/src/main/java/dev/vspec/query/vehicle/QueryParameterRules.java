package dev.vspec.query.vehicle;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.infra.web.RequestParameters;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * The rules every route's query parameters follow, whatever the route reads of them: checked before its handler
 * reads any, so before the database sees them.
 */
final class QueryParameterRules implements HandlerInterceptor {

    /** The control characters YMMT matching folds as whitespace: a value may hold them. */
    private static final String FOLDED_WHITESPACE = "\t\n\u000B\f\r";
    /** Names a message may repeat: a client's own words, but nothing shaped like a key. */
    private static final Pattern SHOWN_NAME = Pattern.compile("[A-Za-z0-9_.\\-\\[\\]]{1,40}");

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        RepeatableParameters repeatable =
                handler instanceof HandlerMethod method ? method.getMethodAnnotation(RepeatableParameters.class) : null;
        check(RequestParameters.of(request), repeatable == null ? Set.of() : Set.of(repeatable.value()));
        return true;
    }

    /**
     * Refuses what no route can read: a parameter given more than once ({@code vin=A&vin=B}: which one was
     * meant?) unless {@code repeatable} names it (a list), and a name or value holding a control character (a
     * NUL byte would reach PostgreSQL, which refuses it).
     *
     * @throws ApiException {@code invalid_param} naming the parameter
     */
    private static void check(Map<String, String[]> parameters, Set<String> repeatable) {
        parameters.forEach((name, values) -> {
            if (hasControlCharacter(name)) {
                throw new ApiException(
                        ErrorCode.INVALID_PARAM,
                        "A parameter name holds a control character (such as"
                                + " a NUL byte, %00); send printable text");
            }
            if (values.length > 1 && !repeatable.contains(name)) {
                throw ApiException.about(
                        safe(name),
                        ErrorCode.INVALID_PARAM,
                        shown(name) + " is given " + values.length + " times; send it once");
            }
            for (String value : values) {
                if (hasControlCharacter(value)) {
                    throw ApiException.about(
                            safe(name),
                            ErrorCode.INVALID_PARAM,
                            shown(name) + " holds a control character (such as"
                                    + " a NUL byte, %00); send printable text");
                }
            }
        });
    }

    /** A control character other than the whitespace matching folds (tab, line breaks, vertical tab, form feed). */
    private static boolean hasControlCharacter(String text) {
        // A loop, not a stream: every parameter of every request passes here.
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) && FOLDED_WHITESPACE.indexOf(c) < 0) {
                return true;
            }
        }
        return false;
    }

    private static String shown(String name) {
        return safe(name) != null ? "Parameter '" + name + "'" : "A parameter";
    }

    /** The name as an answer may repeat it, or null for one that is odd or could be a key sent by mistake. */
    private static String safe(String name) {
        return SHOWN_NAME.matcher(name).matches()
                        && !name.toLowerCase(Locale.ROOT).contains("vsk_")
                ? name
                : null;
    }
}
