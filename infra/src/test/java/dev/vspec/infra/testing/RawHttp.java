package dev.vspec.infra.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * HTTP/1.1 written byte for byte on a plain socket, for what HTTP clients refuse to send: a
 * malformed escape in the query, a body shorter than its Content-Length. The answer is read until
 * the server closes the connection (requests built here ask it to).
 */
public final class RawHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration LONGEST = Duration.ofSeconds(60);

    private RawHttp() {
    }

    /** A GET of {@code pathAndQuery} exactly as given, with extra header lines ({@code Name: value}). */
    public static Answer get(int port, String pathAndQuery, String... headerLines) {
        StringBuilder request = new StringBuilder("GET " + pathAndQuery + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        for (String line : headerLines) {
            request.append(line).append("\r\n");
        }
        return send(port, request.append("\r\n").toString());
    }

    /** Writes {@code request} and, leaving the connection open, reads the answer until the server closes it. */
    public static Answer send(int port, String request) {
        return exchange(port, request, false);
    }

    /** Writes {@code request}, ends the connection's sending side (the server reads its end), and reads the answer. */
    public static Answer sendThenEnd(int port, String request) {
        return exchange(port, request, true);
    }

    private static Answer exchange(int port, String request, boolean endSending) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout((int) LONGEST.toMillis());
            long start = System.nanoTime();
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            if (endSending) {
                socket.shutdownOutput();
            }
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            int first = in.read();
            Duration firstByte = Duration.ofNanos(System.nanoTime() - start);
            if (first >= 0) {
                answer.write(first);
                in.transferTo(answer);
            }
            return Answer.parse(answer.toByteArray(), firstByte);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param firstByte how long the server took to start answering after the request was written
     */
    public record Answer(int status, String head, String body, Duration firstByte) {

        static Answer parse(byte[] bytes, Duration firstByte) {
            String text = new String(bytes, StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end < 0) {
                throw new IllegalStateException("no complete answer: " + text);
            }
            String head = text.substring(0, end);
            byte[] body = Arrays.copyOfRange(bytes, end + 4, bytes.length);
            if (head.toLowerCase(Locale.ROOT).contains("\r\ntransfer-encoding: chunked")) {
                body = dechunked(body);
            }
            return new Answer(Integer.parseInt(head.split(" ", 3)[1]), head, new String(body, StandardCharsets.UTF_8), firstByte);
        }

        private static byte[] dechunked(byte[] chunked) {
            String text = new String(chunked, StandardCharsets.ISO_8859_1);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            int at = 0;
            while (true) {
                int lineEnd = text.indexOf("\r\n", at);
                int size = Integer.parseInt(text.substring(at, lineEnd).strip(), 16);
                if (size == 0) {
                    return body.toByteArray();
                }
                body.write(chunked, lineEnd + 2, size);
                at = lineEnd + 2 + size + 2;
            }
        }

        /** The value of the first header named {@code name}, or null. */
        public String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).strip();
                }
            }
            return null;
        }

        public JsonNode json() {
            return JSON.readTree(body);
        }
    }
}
