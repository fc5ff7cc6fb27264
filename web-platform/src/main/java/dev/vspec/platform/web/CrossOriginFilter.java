package dev.vspec.platform.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.util.StringUtils;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.CorsConfigurationSource;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.cors.DefaultCorsProcessor;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * CORS for the paths a {@link CorsConfigurationSource} configures, checked by Spring's {@link DefaultCorsProcessor}.
 * Where Spring's answers differ from the specification's, the specification's are given:
 * <ul>
 * <li>a request Spring refuses (an origin, method or header not allowed; one header not allowed refuses the
 * preflight, where Spring allows the others) gets no allowance, instead of Spring's 403
 * with a text body: a browser then keeps the answer from the page, and a preflight is still answered 204;</li>
 * <li>an answer every origin may read says so to every request, with or without {@code Origin}, so one cached copy
 * suits every page and does not vary by origin.</li>
 * </ul>
 */
public final class CrossOriginFilter extends OncePerRequestFilter {

    private final CorsConfigurationSource source;
    private final boolean endsPreflights;
    private final AllowanceProcessor processor = new AllowanceProcessor();

    /**
     * @param endsPreflights whether a preflight is answered here (204), or passes on to the next filter (which
     *                       must then end it)
     */
    public CrossOriginFilter(CorsConfigurationSource source, boolean endsPreflights) {
        this.source = source;
        this.endsPreflights = endsPreflights;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        CorsConfiguration configuration = source.getCorsConfiguration(request);
        processor.processRequest(configuration, request, response);
        if (endsPreflights && configuration != null && CorsUtils.isPreFlightRequest(request)) {
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        chain.doFilter(request, response);
    }

    /**
     * The allowance an answer to {@code uri} would carry, for Tomcat's own refusals, which no filter sees: the
     * request is looked up by its URI alone, which is all a refused request may have. None when the URI is unknown.
     */
    public void allowReading(HttpServletRequest refused, @Nullable String uri, HttpServletResponse response) {
        if (uri == null || !uri.startsWith("/")) {
            return;
        }
        try {
            HttpServletRequest byPath = new ByPath(refused, uri);
            processor.processRequest(source.getCorsConfiguration(byPath), byPath, response);
        } catch (IOException | RuntimeException e) {
            // a refused request may be missing what a servlet's has; its answer then goes without allowance
            logger.debug("No CORS allowance for a refused request: " + e);
        }
    }

    /** A refused request as the configuration source looks it up: its path is its URI. */
    private static final class ByPath extends HttpServletRequestWrapper {

        private final String uri;

        ByPath(HttpServletRequest request, String uri) {
            super(request);
            this.uri = uri;
        }

        @Override
        public String getRequestURI() {
            return uri;
        }

        @Override
        public String getContextPath() {
            return "";
        }

        @Override
        public String getServletPath() {
            return uri;
        }

        @Override
        public @Nullable String getPathInfo() {
            return null;
        }
    }

    private static final class AllowanceProcessor extends DefaultCorsProcessor {

        @Override
        public boolean processRequest(
                @Nullable CorsConfiguration configuration, HttpServletRequest request, HttpServletResponse response)
                throws IOException {
            if (configuration != null && isForEveryOrigin(configuration) && !CorsUtils.isPreFlightRequest(request)) {
                response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, CorsConfiguration.ALL);
                List<String> exposed = configuration.getExposedHeaders();
                if (exposed != null && !exposed.isEmpty()) {
                    response.setHeader(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, String.join(", ", exposed));
                }
                return true;
            }
            return super.processRequest(configuration, request, response);
        }

        /** All or nothing: Spring allows the headers it may of those asked, the specification none when one is not allowed. */
        @Override
        protected @Nullable List<String> checkHeaders(CorsConfiguration configuration, List<String> requested) {
            List<String> allowed = super.checkHeaders(configuration, requested);
            long asked = requested.stream().filter(StringUtils::hasText).count();
            return allowed != null && allowed.size() == asked ? allowed : null;
        }

        @Override
        protected void rejectRequest(ServerHttpResponse response) {
            // no allowance is the refusal; the status is the answer's own
        }

        private static boolean isForEveryOrigin(CorsConfiguration configuration) {
            return configuration.getAllowedOrigins() != null
                    && configuration.getAllowedOrigins().contains(CorsConfiguration.ALL);
        }
    }
}
