package dev.vspec.gateway.web;

import dev.vspec.platform.web.ErrorDocs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every error record that passes through the gateway gets {@code object: "error"} and a
 * {@code docs} link to its code's section of the docs page, keeping all its other fields
 * ({@code matches}, {@code available}, {@code request_id}). Only answers of status 400 and above
 * are held back to be rewritten, and only when they are a JSON object with an {@code error}; every
 * other answer streams through untouched, as does an error body larger than {@link #MAX_HELD_BYTES}
 * (no error record is) and the answer to a HEAD (no body to rewrite).
 */
final class DecoratedErrorBodies extends OncePerRequestFilter {

    static final int MAX_HELD_BYTES = 64 * 1024;

    private final ObjectMapper json;
    private final String siteUrl;

    DecoratedErrorBodies(ObjectMapper json, String siteUrl) {
        this.json = json;
        this.siteUrl = siteUrl;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if ("HEAD".equals(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        HeldErrorResponse held = new HeldErrorResponse(response);
        chain.doFilter(request, held);
        held.finish();
    }

    /**
     * The record with {@code object} first and {@code docs} on the gateway's own site, the public one (a
     * backend links to the site it was configured with); anything else as it was.
     */
    byte[] decorate(byte[] body, String contentType) {
        try {
            if (contentType == null
                    || !MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(contentType))) {
                return body;
            }
        } catch (InvalidMediaTypeException e) {
            return body;
        }
        JsonNode parsed;
        try {
            parsed = json.readTree(body);
        } catch (JacksonException e) {
            return body;
        }
        if (!(parsed instanceof ObjectNode record) || !record.path("error").isString()) {
            return body;
        }
        ObjectNode decorated = json.createObjectNode();
        decorated.put("object", "error");
        record.properties().forEach(field -> {
            if (!field.getKey().equals("object")) {
                decorated.set(field.getKey(), field.getValue());
            }
        });
        decorated.put("docs", ErrorDocs.link(siteUrl, record.path("error").asString()));
        return json.writeValueAsBytes(decorated);
    }

    /** Holds the body of an error answer (status 400 and above when the body starts) instead of sending it. */
    private final class HeldErrorResponse extends HttpServletResponseWrapper {

        private ByteArrayOutputStream held;
        private ServletOutputStream stream;
        private PrintWriter writer;
        /** Set once a held body outgrew {@link #MAX_HELD_BYTES}: it streams on, as it came. */
        private boolean overflowed;

        HeldErrorResponse(HttpServletResponse response) {
            super(response);
        }

        private boolean holding() {
            return !overflowed && (held != null || getStatus() >= 400);
        }

        /** What was held is dropped with the buffer: the gateway's own error then answers alone. */
        @Override
        public void resetBuffer() {
            dropHeld();
            super.resetBuffer();
        }

        @Override
        public void reset() {
            dropHeld();
            super.reset();
        }

        private void dropHeld() {
            if (held != null) {
                held.reset();
            }
            writer = null;
        }

        private void hold(byte[] bytes, int offset, int length) throws IOException {
            if (overflowed) {
                super.getOutputStream().write(bytes, offset, length);
                return;
            }
            held.write(bytes, offset, length);
            if (held.size() > MAX_HELD_BYTES) {
                overflowed = true;
                super.getOutputStream().write(held.toByteArray());
                held = null;
            }
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (!holding() && stream == null) {
                return super.getOutputStream();
            }
            if (stream == null) {
                held = held == null ? new ByteArrayOutputStream() : held;
                stream = new ServletOutputStream() {
                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        throw new UnsupportedOperationException("error bodies are written blocking");
                    }

                    @Override
                    public void write(int b) throws IOException {
                        hold(new byte[] {(byte) b}, 0, 1);
                    }

                    @Override
                    public void write(byte[] bytes, int offset, int length) throws IOException {
                        hold(bytes, offset, length);
                    }
                };
            }
            return stream;
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            if (!holding()) {
                return super.getWriter();
            }
            if (writer == null) {
                String charset = getCharacterEncoding();
                writer = new PrintWriter(new OutputStreamWriter(
                        getOutputStream(), charset == null ? StandardCharsets.UTF_8.name() : charset));
            }
            return writer;
        }

        @Override
        public void setContentLength(int length) {
            if (!holding()) {
                super.setContentLength(length);
            }
        }

        @Override
        public void setContentLengthLong(long length) {
            if (!holding()) {
                super.setContentLengthLong(length);
            }
        }

        @Override
        public void setHeader(String name, String value) {
            if (!(holding() && HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name))) {
                super.setHeader(name, value);
            }
        }

        @Override
        public void addHeader(String name, String value) {
            if (!(holding() && HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name))) {
                super.addHeader(name, value);
            }
        }

        @Override
        public void flushBuffer() throws IOException {
            if (!holding()) {
                super.flushBuffer();
            }
        }

        /** Sends what was held, decorated. */
        void finish() throws IOException {
            if (writer != null) {
                writer.flush();
            }
            if (held == null || overflowed) {
                return;
            }
            byte[] body = decorate(held.toByteArray(), getContentType());
            HttpServletResponse response = (HttpServletResponse) getResponse();
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            response.flushBuffer();
        }
    }
}
