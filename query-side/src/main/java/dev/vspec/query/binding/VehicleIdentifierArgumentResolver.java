package dev.vspec.query.binding;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.platform.web.RequestParameters;
import jakarta.servlet.ServletRequest;
import java.util.Map;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Lets a handler take a {@link VehicleIdentifier} parameter read from the query string; a missing,
 * mixed or malformed identifier fails here with the contract's 400 before the handler runs.
 */
public final class VehicleIdentifierArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return VehicleIdentifier.class.equals(parameter.getParameterType());
    }

    @Override
    public VehicleIdentifier resolveArgument(
            MethodParameter parameter,
            ModelAndViewContainer mavContainer,
            NativeWebRequest request,
            WebDataBinderFactory binderFactory) {
        Map<String, String[]> parameters = RequestParameters.of(request.getNativeRequest(ServletRequest.class));
        return VehicleIdentifier.from(name -> {
            String[] values = parameters.get(name);
            return values == null || values.length == 0 ? null : values[0];
        });
    }
}
