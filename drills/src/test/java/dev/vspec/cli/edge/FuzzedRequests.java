package dev.vspec.cli.edge;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Requests a hostile or careless client sends, drawn from a seeded {@link Random}: every public route with
 * its own parameters, each mode of identifying a vehicle, wrong methods and versions, odd headers, bodies
 * that are not what a route takes, and bytes as they go on the wire (raw brackets and non-ASCII in the
 * target, malformed escapes, empty parameter names, NUL and other control characters). Bodies always
 * match their Content-Length: a client that lies about it is tested on its own, not in the fuzz, since
 * every such request waits for the server's read deadline.
 */
final class FuzzedRequests {

    private static final String VIN_CHARS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
    private static final int[] ODD_CHARS =
            "ioqIOQ*,| %_-+./\\'\"<>[]{}^`é€😀\u0000\t\n\u007f".codePoints().toArray();
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final String[] METHODS = {
        "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "PROPFIND", "get"
    };
    private static final String[] VERSIONS = {
        "HTTP/1.0", "HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/1.1 extra", "http/1.1"
    };
    private static final String[] OTHER_PATHS = {
        "/",
        "/docs",
        "/docs/",
        "/actuator/health",
        "/actuator/prometheus",
        "/actuator/info",
        "/actuator/env",
        "/error",
        "/api/openapi.json",
        "/api/v1/nope",
        "/api/",
        "/api/sample/",
        "/favicon.ico",
        "/api/v1/../v1/status",
        "//api/v1/status",
        "/api/v1/status;jsessionid=1",
        "/api/v1/%2e%2e/status",
        "/api/v1/wmi/%2F",
        "/api/v1/wmi/%00",
        "/api/v1/wmi/%5C",
        "/api/v1/wmi/",
        "/api/v1/wmi/%E2%82",
        "/api/v1/status/",
        "/API/V1/STATUS",
        "/api/v1/fluids%00",
        "/api/sample/v1/../../v1/status",
        "/api/v0/enrich/123",
        "*"
    };
    private static final String[] PARAMETER_NAMES = {
        "vin",
        "year",
        "make",
        "model",
        "trim",
        "config_key",
        "include",
        "partial_vin",
        "vins",
        "mileage",
        "schedule",
        "operation",
        "job_id",
        "page",
        "api_key",
        "token",
        "k",
        "auth",
        "api-key",
        "",
        "vin[]",
        "VIN",
        "Vin ",
        "include_mode",
        "format",
        "callback",
        "_"
    };
    private static final String[] CONTENT_TYPES = {
        "application/json",
        "application/json; charset=utf-8",
        "*/*",
        "application/*",
        "text/*",
        "",
        "garbage",
        "application/json; charset=ebcdic",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "application/x-www-form-urlencoded",
        "text/plain",
        "application/xml",
        "application/json;;;",
        "a/b/c",
        "é/é"
    };
    private static final String[] ACCEPTS = {
        "*/*",
        "application/json",
        "text/html",
        "application/xml",
        "garbage/",
        "image/png",
        "application/json;q=0",
        "text/event-stream",
        "",
        "*/*;q=abc"
    };
    private static final String[] INCLUDES = {
        "fluids",
        "specs,tires",
        "fluids,specs,tires,maintenance_schedule,parts",
        "nope",
        ",",
        "fluids,,fluids",
        "FLUIDS",
        "labor",
        "service_history",
        "*"
    };

    private static final Pattern ISSUED_KEY_REST = Pattern.compile("(vsk_live_[0-9A-Za-z]{8})[0-9A-Za-z]{30}");

    private final List<String> readPaths;
    private final List<String> vins;
    private final List<String> configKeys;
    private final String key;
    private final int port;

    /**
     * @param readPaths the GET routes the OpenAPI document lists, with {@code {wmi}} and the like as templates
     * @param vins      VINs the sample catalog holds
     * @param configKeys config_keys the sample catalog holds
     * @param key       a valid key with every scope
     * @param port      the gateway's port, for the Host header
     */
    FuzzedRequests(List<String> readPaths, List<String> vins, List<String> configKeys, String key, int port) {
        this.readPaths = List.copyOf(readPaths);
        this.vins = List.copyOf(vins);
        this.configKeys = List.copyOf(configKeys);
        this.key = key;
        this.port = port;
    }

    /** One request and how to show it in a report. */
    record Request(String method, String target, String version, List<String> headers, String body) {

        /** As it goes on the wire (characters outside ASCII as UTF-8). */
        String text() {
            StringBuilder text = new StringBuilder(method)
                    .append(' ')
                    .append(target)
                    .append(' ')
                    .append(version)
                    .append("\r\n");
            headers.forEach(header -> text.append(header).append("\r\n"));
            return text.append("\r\n").append(body == null ? "" : body).toString();
        }

        boolean expectsBody() {
            return !method.equals("HEAD");
        }

        @Override
        public String toString() {
            String shown = method + " " + target + " " + version + " "
                    + headers.stream()
                            .filter(header -> !header.startsWith("Host:") && !header.startsWith("Connection:"))
                            .map(header -> header.length() > 200 ? header.substring(0, 200) + "…" : header)
                            .toList();
            if (body != null && !body.isEmpty()) {
                shown += " body[" + body.length() + "]=" + body.substring(0, Math.min(body.length(), 120));
            }
            // a report is printed: the valid key shows as operators see keys
            return ISSUED_KEY_REST
                    .matcher(shown)
                    .replaceAll("$1…")
                    .replace("\r", "\\r")
                    .replace("\n", "\\n")
                    .replace("\u0000", "\\0");
        }
    }

    Request next(Random random) {
        int route = random.nextInt(100);
        String path;
        String method = "GET";
        String body = null;
        List<String> headers = new ArrayList<>();
        if (route < 55) {
            path = filled(pick(random, readPaths), random);
        } else if (route < 70) {
            path = "/api/sample" + filled(pick(random, readPaths), random).substring("/api".length());
        } else if (route < 80) {
            path = "/api/v0/enrich";
            method = "POST";
            body = enrichmentBody(random);
            headers.add("Content-Type: " + (random.nextInt(4) == 0 ? pick(random, CONTENT_TYPES) : "application/json"));
            if (random.nextInt(3) == 0) {
                headers.add(
                        "Idempotency-Key: " + pick(random, List.of("", " ", "a", "x".repeat(300), "ключ", "\t", key)));
            }
        } else if (route < 88) {
            path = "/api/request-access";
            method = "POST";
            boolean form = random.nextBoolean();
            body = form ? accessForm(random) : accessJson(random);
            headers.add("Content-Type: "
                    + (random.nextInt(4) == 0
                            ? pick(random, CONTENT_TYPES)
                            : form ? "application/x-www-form-urlencoded" : "application/json"));
        } else {
            path = pick(random, OTHER_PATHS);
        }
        if (random.nextInt(6) == 0) {
            method = pick(random, METHODS);
        }
        String target = path + query(random, path);
        String version = random.nextInt(40) == 0 ? pick(random, VERSIONS) : "HTTP/1.1";
        headers.add(0, "Host: " + (random.nextInt(50) == 0 ? "evil.example" : "127.0.0.1:" + port));
        headers.add("Connection: close");
        addHeaders(random, headers);
        if (body != null) {
            if (random.nextInt(15) == 0) {
                headers.add("Transfer-Encoding: chunked");
                body = chunked(body);
            } else {
                headers.add("Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length);
            }
        }
        return new Request(method, target, version, headers, body);
    }

    private String filled(String template, Random random) {
        // the filling is literal text: a backslash or '$' in it is no group reference
        return template.replaceAll(
                "\\{[^}]+}",
                Matcher.quoteReplacement(
                        random.nextInt(3) == 0
                                ? encoded(text(random, 3), random)
                                : text(random, 3).replaceAll("[^A-Z0-9]", "1")));
    }

    private String query(Random random, String path) {
        if (random.nextInt(10) == 0) {
            return "";
        }
        List<String[]> parameters = new ArrayList<>();
        switch (random.nextInt(6)) {
            case 0 -> parameters.add(new String[] {"vin", vinValue(random)});
            case 1 -> {
                parameters.add(new String[] {
                    "year",
                    pick(random, List.of("2019", "2020", "1899", "-1", "20 20", "2019.5", "99999999999", "٢٠١٩", ""))
                });
                parameters.add(new String[] {
                    "make",
                    pick(
                            random,
                            List.of("Honda", "honda%00", "toyota", "\u0000", "'; drop table x;--", text(random, 12)))
                });
                parameters.add(new String[] {
                    "model", pick(random, List.of("Civic", "Camry", "civic\u0000", "ø".repeat(200), text(random, 10)))
                });
                if (random.nextBoolean()) {
                    parameters.add(new String[] {
                        "trim", pick(random, List.of("LX", "EX", "LX\u0000", "", text(random, 6)))
                    });
                }
            }
            case 2 ->
                parameters.add(new String[] {
                    "config_key",
                    random.nextBoolean()
                            ? pick(random, configKeys)
                            : pick(
                                    random,
                                    List.of(
                                            "",
                                            "x",
                                            "a".repeat(5000),
                                            "2019-honda-civic-lx-k20c2\u0000",
                                            "../../etc/passwd",
                                            "2019_honda",
                                            text(random, 40)))
                });
            case 3 -> {
                parameters.add(new String[] {"vin", vinValue(random)});
                parameters.add(new String[] {"vin", vinValue(random)});
            }
            case 4 -> {
                parameters.add(new String[] {"vin", vinValue(random)});
                parameters.add(new String[] {"config_key", pick(random, configKeys)});
            }
            default -> {}
        }
        int extra = random.nextInt(3);
        for (int i = 0; i < extra; i++) {
            String name = pick(random, PARAMETER_NAMES);
            String value = switch (name) {
                case "include" -> pick(random, INCLUDES);
                case "vins" -> vinValue(random) + "," + vinValue(random);
                case "partial_vin" -> vinValue(random).substring(0, 9) + "*";
                case "api_key", "token", "k", "auth", "api-key" ->
                    random.nextBoolean() ? fakeKey(random) : text(random, 10);
                default -> random.nextBoolean() ? text(random, 8) : String.valueOf(random.nextInt(300_000) - 1000);
            };
            parameters.add(new String[] {name, value});
        }
        StringBuilder query = new StringBuilder("?");
        for (String[] parameter : parameters) {
            if (query.length() > 1) {
                query.append('&');
            }
            query.append(encoded(parameter[0], random)).append('=').append(encoded(parameter[1], random));
        }
        switch (random.nextInt(25)) {
            case 0 -> query.append("&=x");
            case 1 -> query.append("&==v");
            case 2 -> query.append("&&");
            case 3 -> query.append("&vin=%");
            case 4 -> query.append("&make=%zz");
            case 5 -> query.append("&model=%E2%82");
            case 6 -> query.append("&vin[]=1");
            case 7 -> query.append("&a=").append("b".repeat(9000));
            default -> {}
        }
        return query.length() == 1 ? "" : query.toString();
    }

    /** Percent-encoded mostly; sometimes as it is (raw brackets, quotes, spaces' neighbours, non-ASCII bytes). */
    private static String encoded(String text, Random random) {
        if (random.nextInt(12) != 0) {
            return percentEncoded(text);
        }
        // raw: as it is (sent as UTF-8), except what would end the request line
        return text.replace(" ", "[").replace("\r", "{").replace("\n", "}").replace("#", "^");
    }

    private static String percentEncoded(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_'
                    || c == '.'
                    || c == '*') {
                out.append((char) c);
            } else {
                out.append(String.format("%%%02X", c));
            }
        }
        return out.toString();
    }

    private String vinValue(Random random) {
        return switch (random.nextInt(8)) {
            case 0, 1 -> pick(random, vins);
            case 2 -> pick(random, vins).toLowerCase();
            case 3 -> fakeKey(random).substring(0, 17);
            case 4 -> text(random, 17);
            case 5 -> pick(random, vins) + "\u0000";
            case 6 -> " " + pick(random, vins);
            default -> {
                StringBuilder vin = new StringBuilder();
                for (int i = 0; i < 17; i++) {
                    vin.append(VIN_CHARS.charAt(random.nextInt(VIN_CHARS.length())));
                }
                yield vin.toString();
            }
        };
    }

    private void addHeaders(Random random, List<String> headers) {
        int keyChoice = random.nextInt(20);
        if (keyChoice < 10) {
            headers.add("X-API-Key: " + key);
        } else if (keyChoice < 12) {
            headers.add("X-API-Key: " + fakeKey(random));
        } else if (keyChoice == 12) {
            headers.add("X-API-Key: " + text(random, 30));
        } else if (keyChoice == 13) {
            headers.add("X-API-Key: " + key);
            headers.add("X-API-Key: " + fakeKey(random));
        } else if (keyChoice == 14) {
            headers.add("Authorization: Bearer " + key);
        }
        if (random.nextInt(5) == 0) {
            headers.add("Accept: " + pick(random, ACCEPTS));
        }
        if (random.nextInt(10) == 0) {
            headers.add("Content-Type: " + pick(random, CONTENT_TYPES));
        }
        if (random.nextInt(8) == 0) {
            headers.add("Origin: "
                    + pick(
                            random,
                            List.of("http://127.0.0.1:" + port, "https://evil.example", "null", "", "http://[::1")));
        }
        if (random.nextInt(10) == 0) {
            headers.add("X-Forwarded-For: "
                    + pick(
                            random,
                            List.of(
                                    "1.2.3.4",
                                    "x".repeat(300),
                                    "1.2.3.4, 5.6.7.8",
                                    "",
                                    "::1",
                                    "999.1.1.1",
                                    "1.2.3.4," + "9".repeat(250),
                                    text(random, 20))));
        }
        if (random.nextInt(15) == 0) {
            headers.add("Accept-Encoding: "
                    + pick(random, List.of("gzip", "br", "identity;q=0", "*", "deflate, gzip;q=1.0")));
        }
        switch (random.nextInt(60)) {
            case 0 -> headers.add("Expect: " + pick(random, List.of("100-continue", "200-ok", "")));
            case 1 -> headers.add("Transfer-Encoding: " + pick(random, List.of("gzip", "foo", "chunked, identity")));
            case 2 -> headers.add("X-Long: " + "l".repeat(9000));
            case 3 -> headers.add("X-Odd: ü€\u0001");
            case 4 -> headers.add("Host: 127.0.0.1:" + port);
            case 5 -> {
                for (int i = 0; i < 120; i++) {
                    headers.add("X-Many-" + i + ": " + i);
                }
            }
            case 6 -> headers.add("If-None-Match: " + pick(random, List.of("*", "\"x\"", "garbage", "W/\"\"")));
            case 7 -> headers.add("Range: bytes=" + pick(random, List.of("0-10", "-5", "x-y", "10-0")));
            case 8 -> headers.add("Cookie: JSESSIONID=" + text(random, 10));
            case 9 -> headers.add("X-Request-Id: " + pick(random, List.of("", "r".repeat(500), "a\u0001b", "ok-123")));
            default -> {}
        }
    }

    private String enrichmentBody(Random random) {
        String body = switch (random.nextInt(12)) {
            case 0 -> "{\"vin\": \"" + pick(random, vins) + "\"}";
            case 1 -> "{\"vin\": " + random.nextInt() + "}";
            case 2 -> "{\"vin\": [\"" + pick(random, vins) + "\"]}";
            case 3 -> "{\"vin\": \"" + text(random, 17) + "\"}";
            case 4 -> "{\"vin\": \"" + pick(random, vins) + "\\u0000\"}";
            case 5 -> "{\"vin\": ";
            case 6 -> "[".repeat(5000);
            case 7 -> "{\"vin\": \"" + "V".repeat(100_000) + "\"}";
            case 8 -> "";
            case 9 -> "{\"vin\": \"" + pick(random, vins) + "\", \"vin\": \"" + pick(random, vins) + "\"}";
            case 10 -> "null";
            default -> text(random, 40);
        };
        return body;
    }

    private String accessJson(Random random) {
        String body = switch (random.nextInt(6)) {
            case 0 ->
                "{\"name\":\"Sample Fleet Desk\",\"email\":\"fleet@example.com\",\"company\":\"Example Fleet (sample)\","
                        + "\"intended_use\":\"Fuzz test of the request-access form\",\"plan\":\"starter\"}";
            case 1 -> "{\"name\": 5, \"email\": []}";
            case 2 ->
                "{\"name\":\"a\u0000b\",\"email\":\"x@example.com\",\"company\":\"c\",\"intended_use\":\"u\",\"plan\":\"free\"}";
            case 3 -> "{\"name\":\"" + "n".repeat(10_000) + "\"}";
            case 4 -> "{\"email\": \"" + fakeKey(random) + "\"}";
            default -> text(random, 30);
        };
        return body;
    }

    private String accessForm(Random random) {
        String body = switch (random.nextInt(5)) {
            case 0 ->
                "name=Sample+Fleet+Desk&email=fleet%40example.com&company=Example+Fleet+%28sample%29"
                        + "&intended_use=Fuzz+test&plan=starter";
            case 1 -> "name=%&email=%zz";
            case 2 -> "=x&==v&name=%00";
            case 3 -> "name=" + "n".repeat(5000) + "&email=" + fakeKey(random);
            default -> percentEncoded(text(random, 30));
        };
        return body;
    }

    private static String chunked(String body) {
        int length = body.getBytes(StandardCharsets.UTF_8).length;
        return (length > 0 ? Integer.toHexString(length) + "\r\n" + body + "\r\n" : "") + "0\r\n\r\n";
    }

    /** Shaped like a key (prefix, 38 base62 characters) but issued to no one. */
    static String fakeKey(Random random) {
        StringBuilder fake = new StringBuilder("vsk_live_");
        for (int i = 0; i < 38; i++) {
            fake.append(BASE62.charAt(random.nextInt(BASE62.length())));
        }
        return fake.toString();
    }

    /** Mostly VIN-like characters, sometimes separators, multi-byte and control characters. */
    private static String text(Random random, int averageLength) {
        int length = Math.max(0, averageLength + random.nextInt(averageLength + 1) - averageLength / 2);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.appendCodePoint(
                    random.nextInt(4) == 0
                            ? ODD_CHARS[random.nextInt(ODD_CHARS.length)]
                            : VIN_CHARS.charAt(random.nextInt(VIN_CHARS.length())));
        }
        return text.toString();
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static String pick(Random random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
