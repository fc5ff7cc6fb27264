package dev.vspec.infra.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * HTTP/1.1 over a plain socket, byte for byte as given: for requests that {@code java.net.http} refuses to
 * send (raw brackets or non-ASCII bytes in the target, malformed escapes, odd methods, duplicate or
 * oversized headers, a version other than 1.1). One request per connection: the caller sends
 * {@code Connection: close} or the server closes after answering; the answer is what came before EOF.
 */
public final class RawHttp {

    private RawHttp() {
    }

    /** The answer to one request; the final one when the server sent {@code 100 Continue} first. */
    public record Answer(int status, Map<String, List<String>> headers, byte[] body) {

        public Optional<String> header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** A request line, headers (each {@code Name: value}) and an optional body, with CRLFs, as ISO-8859-1 bytes. */
    public static byte[] request(String requestLine, List<String> headers, byte[] body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StringBuilder head = new StringBuilder(requestLine).append("\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        head.append("\r\n");
        bytes.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            bytes.writeBytes(body);
        }
        return bytes.toByteArray();
    }

    /**
     * Sends {@code request} to {@code port} on the loopback address and reads the answer until the server
     * closes the connection.
     *
     * @throws SocketTimeoutException when no complete answer came within {@code timeout}
     */
    public static Answer exchange(int port, byte[] request, Duration timeout) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request);
                out.flush();
            } catch (IOException closedEarly) {
                // the server may answer and close before reading everything (an oversized request): read its answer
            }
            return parse(readAll(socket.getInputStream(), System.nanoTime() + timeout.toNanos()));
        }
    }

    private static byte[] readAll(InputStream in, long deadline) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int read;
        try {
            while ((read = in.read(buffer)) >= 0) {
                bytes.write(buffer, 0, read);
                if (System.nanoTime() > deadline) {
                    throw new SocketTimeoutException("the answer did not end in time");
                }
            }
        } catch (SocketTimeoutException e) {
            throw e;
        } catch (IOException reset) {
            if (bytes.size() == 0) {
                throw reset;
            }
            // a reset after a complete answer (the server closed with unread request bytes) keeps the answer
        }
        return bytes.toByteArray();
    }

    static Answer parse(byte[] raw) throws IOException {
        int offset = 0;
        while (true) {
            int headEnd = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), offset);
            if (headEnd < 0) {
                throw new IOException("no complete answer head in " + raw.length + " bytes");
            }
            String[] lines = new String(raw, offset, headEnd - offset, StandardCharsets.ISO_8859_1).split("\r\n");
            String[] statusLine = lines[0].split(" ", 3);
            if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
                throw new IOException("not an HTTP status line: " + lines[0]);
            }
            int status = Integer.parseInt(statusLine[1]);
            int bodyStart = headEnd + 4;
            if (status >= 100 && status < 200) {
                offset = bodyStart;
                continue;
            }
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                            .add(lines[i].substring(colon + 1).trim());
                }
            }
            byte[] rest = Arrays.copyOfRange(raw, bodyStart, raw.length);
            boolean chunked = headers.getOrDefault("transfer-encoding", List.of()).stream()
                    .anyMatch(value -> value.toLowerCase(Locale.ROOT).contains("chunked"));
            return new Answer(status, headers, chunked ? dechunk(rest) : bodyOf(rest, headers));
        }
    }

    private static byte[] bodyOf(byte[] rest, Map<String, List<String>> headers) {
        List<String> length = headers.get("content-length");
        if (length == null) {
            return rest;
        }
        return Arrays.copyOf(rest, Math.min(rest.length, Integer.parseInt(length.get(0))));
    }

    private static byte[] dechunk(byte[] chunked) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = 0;
        while (true) {
            int lineEnd = indexOf(chunked, new byte[] {'\r', '\n'}, at);
            if (lineEnd < 0) {
                throw new IOException("a chunked answer ended without its last chunk");
            }
            String sizeLine = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1);
            int size = Integer.parseInt(sizeLine.split(";", 2)[0].trim(), 16);
            if (size == 0) {
                return body.toByteArray();
            }
            body.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
