package dev.vspec.query.vehicle;

import dev.vspec.infra.web.RequestParameters;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Set;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/** Checks every route's query parameters ({@link QueryParameters#check}) before its handler reads any, so before the database sees them. */
final class QueryParameterRules implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        RepeatableParameters repeatable = handler instanceof HandlerMethod method
                ? method.getMethodAnnotation(RepeatableParameters.class) : null;
        QueryParameters.check(RequestParameters.of(request), repeatable == null ? Set.of() : Set.of(repeatable.value()));
        return true;
    }
}
