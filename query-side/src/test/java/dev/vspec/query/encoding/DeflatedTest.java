package dev.vspec.query.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class DeflatedTest {

    @Test
    void whatIsDeflatedInflatesToTheSameBytes() {
        Random random = new Random(7);
        for (int length : new int[] {0, 1, 17, 1_000, 70_000}) {
            byte[] bytes = new byte[length];
            random.nextBytes(bytes);
            assertThat(Deflated.inflate(Deflated.deflate(bytes)))
                    .as("%d random bytes", length)
                    .isEqualTo(bytes);
        }
        byte[] text = "[{\"kind\":\"engine_oil\",\"spec\":\"VW 504 00 — Öl ✓ 文字\"}]".getBytes(StandardCharsets.UTF_8);
        assertThat(Deflated.inflate(Deflated.deflate(text))).isEqualTo(text);
    }

    @Test
    void aSegmentCarriesItsLengthAndCrc() {
        byte[] text = "[{\"type\":\"coolant\",\"specification\":\"Honda Type 2\"}]".getBytes(StandardCharsets.UTF_8);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(text);

        byte[] segment = Deflated.deflate(text);

        assertThat(Deflated.length(segment)).isEqualTo(text.length);
        assertThat(Deflated.crc(segment)).isEqualTo((int) crc.getValue());
    }

    @Test
    void aStoredDocumentShrinksSeveralTimes() {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < 12; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"kind\":\"fluid_")
                    .append(i)
                    .append(
                            "\",\"spec\":\"API SP / ILSAC GF-6A SAE 0W-20\",\"capacity_l\":4.4,\"notes\":\"with filter\"}");
        }
        byte[] document = json.append(']').toString().getBytes(StandardCharsets.UTF_8);

        assertThat(Deflated.deflate(document).length).isLessThan(document.length / 3);
    }

    @Test
    void manyCallersAtOnceEachGetTheirOwnBytesBack() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(24);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 480; i++) {
                byte[] bytes =
                        ("{\"caller\":" + i + ",\"text\":\"" + "x".repeat(i) + "\"}").getBytes(StandardCharsets.UTF_8);
                results.add(callers.submit(() -> Arrays.equals(Deflated.inflate(Deflated.deflate(bytes)), bytes)));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            callers.shutdownNow();
        }
    }
}
