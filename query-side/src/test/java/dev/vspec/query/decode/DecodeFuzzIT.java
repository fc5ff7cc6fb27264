package dev.vspec.query.decode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.query.SeededRouteIT;
import dev.vspec.testing.Api;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A bounded fuzz of the decode routes' inputs: random VIN-like text (VIN characters, letters VINs never use,
 * '*', separators, multi-byte and control characters, lengths 0 to 40) as {@code vin}, {@code partial_vin},
 * {@code vins} and the WMI path. Every answer is one the routes document (or Tomcat's 400 for an encoded '/', '\\'
 * or NUL in the path), in JSON; never a 5xx.
 */
class DecodeFuzzIT extends SeededRouteIT {

    private static final long SEED = 20261124L;
    private static final int CASES_PER_INPUT = 100;
    private static final String ALPHABET = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ" + "ioqIOQ*,| %_-+./\\'\"<>é€\u0000\t\n";
    private static final Set<Integer> DOCUMENTED = Set.of(200, 400, 404, 409, 422);

    @Test
    void everyInputGetsADocumentedJsonAnswer() {
        Random random = new Random(SEED);
        for (int i = 0; i < CASES_PER_INPUT; i++) {
            check("/api/v1/decode?vin=" + encode(text(random)));
            check("/api/v1/decode?partial_vin=" + encode(text(random)));
            check("/api/v1/decode/batch?vins=" + encode(text(random) + "," + text(random)));
            // an encoded slash, backslash or NUL in the path is refused by Tomcat before any route, with the same
            // record
            check("/api/v1/wmi/" + encode(text(random)).replace("+", "%20"));
        }
    }

    private void check(String pathAndQuery) {
        Api.Reply reply = api.get(pathAndQuery);

        assertThat(DOCUMENTED)
                .as("%s answered %s", pathAndQuery, reply.status())
                .contains(reply.status());
        assertThat(reply.headers().firstValue("Content-Type"))
                .as(pathAndQuery)
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        if (reply.status() != 200) {
            assertThat(reply.body().path("error").asString()).as(pathAndQuery).isNotEmpty();
            assertThat(reply.body().path("message").asString())
                    .as(pathAndQuery)
                    .isNotEmpty()
                    .doesNotContain("Exception")
                    .doesNotContain("java.");
        }
    }

    /** Mostly VIN characters, sometimes anything of the alphabet; often near 17 characters long. */
    private static String text(Random random) {
        int length = random.nextInt(4) == 0 ? random.nextInt(41) : 14 + random.nextInt(6);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int bound = random.nextInt(5) == 0 ? ALPHABET.length() : 33;
            text.append(ALPHABET.charAt(random.nextInt(bound)));
        }
        return text.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
