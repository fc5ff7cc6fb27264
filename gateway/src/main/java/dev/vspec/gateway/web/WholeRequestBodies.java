package dev.vspec.gateway.web;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The gateway takes a request's body in full before it asks a backend, so a client's short or
 * stalled body is the client's 400 {@code invalid_body}, never a backend's 502 after the route's
 * timeout. The wait is bounded: every read waits at most {@code timeout} (the connector's upload
 * timeout, see GatewayWebConfiguration), and the whole body must have arrived once {@code timeout}
 * has passed after the last read began. A body larger than {@code maxBytes} is refused; the
 * backends take a few kilobytes at most. The bytes pass on as they came, forms too.
 *
 * <p>A read the container fails (the body ended early, or stalled for {@code timeout}) leaves the
 * answer to the container's error page, which web-platform's JsonErrorController writes as
 * {@code invalid_body}.
 */
final class WholeRequestBodies extends OncePerRequestFilter {

    private final ApiErrorResponses errors;
    private final long maxBytes;
    private final Duration timeout;

    WholeRequestBodies(ApiErrorResponses errors, long maxBytes, Duration timeout) {
        this.errors = errors;
        this.maxBytes = maxBytes;
        this.timeout = timeout;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long declared = request.getContentLengthLong();
        if (declared <= 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) == null) {
            chain.doFilter(request, response);
            return;
        }
        if (declared > maxBytes) {
            refuse(
                    request,
                    response,
                    "The request body is larger than " + maxBytes + " bytes, more than any route takes");
            return;
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(declared > 0 ? (int) declared : 1024);
        long deadline = System.nanoTime() + timeout.toNanos();
        byte[] chunk = new byte[8192];
        try {
            InputStream in = request.getInputStream();
            for (int read = in.read(chunk); read != -1; read = in.read(chunk)) {
                body.write(chunk, 0, read);
                if (body.size() > maxBytes) {
                    refuse(
                            request,
                            response,
                            "The request body is larger than " + maxBytes + " bytes, more than any route takes");
                    return;
                }
                if (System.nanoTime() - deadline > 0) {
                    refuse(request, response, "The request body did not arrive within " + timeout.toSeconds() + " s");
                    return;
                }
            }
        } catch (IOException e) {
            // the container has already put the answer in error; its error page writes it
            return;
        }
        chain.doFilter(new WithBody(request, body.toByteArray()), response);
    }

    /** Answers now rather than after the container has drained what is left of the body. */
    private void refuse(HttpServletRequest request, HttpServletResponse response, String message) throws IOException {
        errors.write(request, response, ApiError.of(ErrorCode.INVALID_BODY, message));
        response.flushBuffer();
    }

    /** The request with its body already read: the proxy streams these bytes to the backend. */
    private static final class WithBody extends HttpServletRequestWrapper {

        private final ServletInputStream body;

        WithBody(HttpServletRequest request, byte[] bytes) {
            super(request);
            ByteArrayInputStream in = new ByteArrayInputStream(bytes);
            body = new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body is read blocking");
                }

                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) {
                    return in.read(buffer, offset, length);
                }
            };
        }

        @Override
        public ServletInputStream getInputStream() {
            return body;
        }
    }
}
