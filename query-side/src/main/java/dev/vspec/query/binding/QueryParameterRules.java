package dev.vspec.query.binding;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.platform.web.RequestParameters;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The rules every route's query parameters follow, whatever the route reads of them: checked before its handler
 * reads any, so before the database sees them. A read takes the parameters its operation in the API's document
 * lists ({@link DocumentedParameters}) and, when its handler takes a {@link VehicleIdentifier}, every identifier
 * mode's (one that takes fewer refuses the others itself); any other is refused, never ignored.
 */
public final class QueryParameterRules implements HandlerInterceptor {

    private static final Set<String> READS = Set.of("GET", "HEAD");

    /** The control characters YMMT matching folds as whitespace: a value may hold them. */
    private static final String FOLDED_WHITESPACE = "\t\n\u000B\f\r";
    /** Names a message may repeat: a client's own words, but nothing shaped like a key. */
    private static final Pattern SHOWN_NAME = Pattern.compile("[A-Za-z0-9_.\\-\\[\\]]{1,40}");

    private final DocumentedParameters documented;

    private QueryParameterRules(DocumentedParameters documented) {
        this.documented = documented;
    }

    /** The rules with the parameters of the API's document, as contracts bundles it. */
    public static QueryParameterRules asDocumented() {
        return new QueryParameterRules(DocumentedParameters.load());
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        RepeatableParameters repeatable =
                handler instanceof HandlerMethod method ? method.getMethodAnnotation(RepeatableParameters.class) : null;
        Map<String, String[]> parameters = RequestParameters.of(request);
        check(parameters, repeatable == null ? Set.of() : Set.of(repeatable.value()));
        if (handler instanceof HandlerMethod method && READS.contains(request.getMethod())) {
            List<String> taken =
                    documented.takenBy((String) request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE));
            if (taken != null) {
                refuseUnknown(parameters.keySet(), taken, takesIdentifier(method));
            }
        }
        return true;
    }

    /**
     * @throws ApiException {@code invalid_param} naming the first parameter the route does not take (when an answer
     *                      may repeat its name), and listing those it takes
     */
    private static void refuseUnknown(Set<String> names, List<String> taken, boolean identifier) {
        for (String name : names) {
            if (taken.contains(name) || identifier && VehicleIdentifier.PARAMETERS.contains(name)) {
                continue;
            }
            String takes =
                    taken.isEmpty() ? "this route takes no query parameters" : "this route takes " + listed(taken);
            if (safe(name) == null) {
                throw new ApiException(
                        ErrorCode.INVALID_PARAM, "A query parameter's name is not one this route takes; " + takes);
            }
            throw ApiException.about(name, ErrorCode.INVALID_PARAM, "Unknown parameter '" + name + "': " + takes);
        }
    }

    private static boolean takesIdentifier(HandlerMethod method) {
        for (MethodParameter parameter : method.getMethodParameters()) {
            if (parameter.getParameterType() == VehicleIdentifier.class) {
                return true;
            }
        }
        return false;
    }

    /** {@code a, b and c}. */
    private static String listed(List<String> names) {
        int last = names.size() - 1;
        return last == 0 ? names.get(0) : String.join(", ", names.subList(0, last)) + " and " + names.get(last);
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
