package dev.vspec.testing;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;

/**
 * What each route's handler reads of a request by name, its query parameters (asked for one by one, or looked up in
 * the parameter map) and headers, once the dispatcher
 * has chosen the route (so neither what filters read nor what routes that were not chosen ask counts), by the
 * route's method and mapping pattern. A test context that imports {@link Recorder} records every request it
 * answers.
 */
public final class HandlerReads {

    private static final Map<String, Set<String>> PARAMETERS = new ConcurrentHashMap<>();
    private static final Map<String, Set<String>> HEADERS = new ConcurrentHashMap<>();

    private HandlerReads() {}

    /** The query parameters {@code GET /api/v1/fluids}'s handler read, by their names. */
    public static Set<String> parameters(String method, String pattern) {
        return Set.copyOf(PARAMETERS.getOrDefault(method + " " + pattern, Set.of()));
    }

    /** The headers it read, by their names in lower case. */
    public static Set<String> headers(String method, String pattern) {
        return Set.copyOf(HEADERS.getOrDefault(method + " " + pattern, Set.of()));
    }

    /** Records each request's reads once the dispatcher has answered it. */
    @Configuration(proxyBeanMethods = false)
    public static class Recorder {

        @Bean
        FilterRegistrationBean<OncePerRequestFilter> handlerReadsRecorder() {
            FilterRegistrationBean<OncePerRequestFilter> registration = new FilterRegistrationBean<>(new Recording());
            registration.setOrder(Ordered.LOWEST_PRECEDENCE);
            return registration;
        }
    }

    private static final class Recording extends OncePerRequestFilter {

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            Reads reads = new Reads(request);
            chain.doFilter(reads, response);
            if (request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE) instanceof String pattern) {
                String route = request.getMethod() + " " + pattern;
                PARAMETERS
                        .computeIfAbsent(route, any -> ConcurrentHashMap.newKeySet())
                        .addAll(reads.parameters);
                HEADERS.computeIfAbsent(route, any -> ConcurrentHashMap.newKeySet())
                        .addAll(reads.headers);
            }
        }
    }

    /** The request, noting every parameter and header asked for by name once a route was chosen. */
    private static final class Reads extends HttpServletRequestWrapper {

        final Set<String> parameters = new TreeSet<>();
        final Set<String> headers = new TreeSet<>();

        Reads(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getParameter(String name) {
            return noted(parameters, name, super.getParameter(name));
        }

        @Override
        public String[] getParameterValues(String name) {
            return noted(parameters, name, super.getParameterValues(name));
        }

        /** The map, noting each name looked up in it (going through it names nothing). */
        @Override
        public Map<String, String[]> getParameterMap() {
            Map<String, String[]> all = super.getParameterMap();
            return new AbstractMap<>() {
                @Override
                public Set<Entry<String, String[]>> entrySet() {
                    return all.entrySet();
                }

                @Override
                public String[] get(Object name) {
                    return noted(parameters, String.valueOf(name), all.get(name));
                }

                @Override
                public boolean containsKey(Object name) {
                    return noted(parameters, String.valueOf(name), all.containsKey(name));
                }
            };
        }

        @Override
        public String getHeader(String name) {
            return noted(headers, name.toLowerCase(Locale.ROOT), super.getHeader(name));
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return noted(headers, name.toLowerCase(Locale.ROOT), super.getHeaders(name));
        }

        @Override
        public long getDateHeader(String name) {
            return noted(headers, name.toLowerCase(Locale.ROOT), super.getDateHeader(name));
        }

        @Override
        public int getIntHeader(String name) {
            return noted(headers, name.toLowerCase(Locale.ROOT), super.getIntHeader(name));
        }

        /** {@code value}, having noted {@code name} among what was read once a route was chosen. */
        private <T> T noted(Set<String> read, String name, T value) {
            if (getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE) != null) {
                read.add(name);
            }
            return value;
        }
    }
}
