package dev.vspec.query.web;

import dev.vspec.query.vehicle.MaybeUnknown;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * Gives an answer that holds something unknown ({@link MaybeUnknown}) at most a minute instead of the lifetime
 * its route's {@link CachePolicy} gave it before the handler ran ({@link CacheControlInterceptor}): only the
 * answer tells what it holds. It runs as the answer is written, before the ETag filter sends it, so a 304 carries
 * the same Cache-Control.
 */
@ControllerAdvice
final class BriefWhileUnknown implements ResponseBodyAdvice<Object> {

    @Override
    public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
        return MaybeUnknown.class.isAssignableFrom(returnType.getParameterType());
    }

    @Override
    public Object beforeBodyWrite(
            Object body,
            MethodParameter returnType,
            MediaType selectedContentType,
            Class<? extends HttpMessageConverter<?>> selectedConverterType,
            ServerHttpRequest request,
            ServerHttpResponse response) {
        if (body instanceof MaybeUnknown answer
                && answer.holdsUnknown()
                && request instanceof ServletServerHttpRequest servletRequest
                && response instanceof ServletServerHttpResponse servletResponse) {
            HttpServletRequest asked = servletRequest.getServletRequest();
            HttpServletResponse answered = servletResponse.getServletResponse();
            CacheControlInterceptor.given(asked)
                    .ifPresent(freshness -> CacheControlInterceptor.give(asked, answered, freshness.whileUnknown()));
        }
        return body;
    }
}
