package dev.vspec.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * HTTP/1.1 over a plain socket, byte for byte as given: what no HTTP client library sends (a malformed
 * request line or escape, two Host headers, a body shorter than its Content-Length, ...), and answers
 * read as they come: by Content-Length, in chunks, or until the server closes the connection.
 */
public final class RawHttp {

    private static final Duration LONGEST = Duration.ofSeconds(60);

    private RawHttp() {}

    /** A GET of {@code pathAndQuery} exactly as given, with extra header lines ({@code Name: value}). */
    public static Answer get(int port, String pathAndQuery, String... headerLines) {
        StringBuilder request =
                new StringBuilder("GET " + pathAndQuery + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        for (String line : headerLines) {
            request.append(line).append("\r\n");
        }
        return exchange(port, request.append("\r\n").toString());
    }

    /** Sends {@code request} (its text as UTF-8) to 127.0.0.1:{@code port} and reads one answer. */
    public static Answer exchange(int port, String request) {
        return exchange(port, request, false);
    }

    /** As {@link #exchange(int, String)}, ending the connection's sending side after the request (the server reads its end). */
    public static Answer sendThenEnd(int port, String request) {
        return exchange(port, request, true);
    }

    private static Answer exchange(int port, String request, boolean endSending) {
        try (Socket socket = connect(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout((int) LONGEST.toMillis());
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            if (endSending) {
                socket.shutdownOutput();
            }
            return read(socket.getInputStream(), request.startsWith("HEAD "));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A connection to 127.0.0.1:{@code port} from {@code local} (e.g. 127.0.0.2, a second client address). */
    public static Socket connect(InetAddress local, int port) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(local, 0));
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** One answer from {@code in}: its head, then its body by Content-Length, or to the end of the stream. */
    public static Answer read(InputStream in) throws IOException {
        return read(in, false);
    }

    /**
     * One final answer from {@code in}, past any interim {@code 1xx}; {@code toHead}: the answer to a HEAD, which
     * has no body whatever its Content-Length says (as 204 and 304 have none).
     */
    public static Answer read(InputStream in, boolean toHead) throws IOException {
        long start = System.nanoTime();
        Answer answer;
        do {
            answer = readOne(in, toHead, start);
        } while (answer.status() >= 100 && answer.status() < 200);
        return answer;
    }

    private static Answer readOne(InputStream in, boolean toHead, long start) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int next = in.read();
            if (next < 0) {
                throw new IOException(
                        "The connection closed before an answer's head: " + head.toString(StandardCharsets.ISO_8859_1));
            }
            head.write(next);
            matched = next == "\r\n\r\n".charAt(matched) ? matched + 1 : next == '\r' ? 1 : 0;
        }
        Duration firstByte = Duration.ofNanos(System.nanoTime() - start);
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(
                            lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), name -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).strip());
        }
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        List<String> length = headers.get("content-length");
        byte[] body = toHead || status < 200 || status == 204 || status == 304
                ? new byte[0]
                : length != null
                        ? in.readNBytes(Integer.parseInt(length.get(0)))
                        : headers.containsKey("transfer-encoding") ? chunks(in) : in.readAllBytes();
        List<String> coding = headers.get("content-encoding");
        if (coding != null && coding.get(0).equalsIgnoreCase("gzip") && body.length > 0) {
            // the answer a client reads: its body as sent, gzip-compressed for a request that accepted it (a HEAD's has
            // none)
            try (java.util.zip.GZIPInputStream inflated =
                    new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
                body = inflated.readAllBytes();
            }
        }
        return new Answer(status, headers, new String(body, StandardCharsets.UTF_8), firstByte);
    }

    private static byte[] chunks(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
            body.write(in.readNBytes(size));
            line(in);
        }
        line(in);
        return body.toByteArray();
    }

    private static int chunkSize(InputStream in) throws IOException {
        return Integer.parseInt(line(in).split(";")[0].strip(), 16);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int next = in.read(); next >= 0 && next != '\n'; next = in.read()) {
            if (next != '\r') {
                line.write(next);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * @param headers   by lower-case name
     * @param firstByte how long the answer's head took to arrive, from when reading began
     */
    public record Answer(int status, Map<String, List<String>> headers, String body, Duration firstByte) {

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.get(0);
        }

        public JsonNode json() {
            return Api.json(body);
        }
    }
}
