package dev.vspec.query.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GzipJsonTest {

    private final Random random = new Random(19);

    /** Answers of documents and text of every size, cached or straight from the database, in random order. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 5, 12})
    void aSplicedAnswerGunzipsToItsPartsInOrder(int parts) throws IOException {
        for (int round = 0; round < 40; round++) {
            GzipJson gzip = new GzipJson(16);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            for (int i = 0; i < parts; i++) {
                byte[] bytes = json(random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(90_000));
                expected.writeBytes(bytes);
                switch (random.nextInt(3)) {
                    case 0 -> gzip.literal(bytes);
                    case 1 -> gzip.json(StoredJson.ofUtf8(bytes));
                    default -> gzip.json(StoredJson.ofDeflated(Deflated.deflate(bytes)));
                }
            }

            assertThat(gunzip(gzip.finish())).as("round %d", round).isEqualTo(expected.toByteArray());
        }
    }

    @Test
    void aCachedDocumentIsCopiedNotRecompressed() {
        byte[] document = json(6_000);
        byte[] segment = Deflated.deflate(document);

        byte[] answer = new GzipJson(16).json(StoredJson.ofDeflated(segment)).finish();

        // header 10, the segment's deflate bytes, closing block 2, trailer 8
        assertThat(answer).hasSize(10 + segment.length - Deflated.HEADER + 2 + 8);
    }

    @Test
    void crcsCombineAsIfComputedOverTheWhole() {
        for (int round = 0; round < 200; round++) {
            byte[] a = json(random.nextInt(3_000));
            byte[] b = json(random.nextInt(3) == 0 ? 0 : random.nextInt(70_000));
            CRC32 whole = new CRC32();
            whole.update(a);
            whole.update(b);

            assertThat(GzipJson.Crc32.combine(crc(a), crc(b), b.length)).isEqualTo((int) whole.getValue());
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "NULL",
            value = {
                "gzip|true",
                "GZIP|true",
                "gzip, deflate, br|true",
                "br;q=1.0, gzip;q=0.8|true",
                "x-gzip|true",
                "*|true",
                "deflate, *;q=0.1|true",
                "gzip;q=0|false",
                "gzip; q=0.000, *|false",
                "*;q=0|false",
                "identity|false",
                "deflate, br|false",
                "''|false",
                "NULL|false",
                "gzipped|false",
                "gzip;q=0.001|true"
            })
    void acceptEncodingIsReadWithItsQValues(String header, boolean gzip) {
        assertThat(GzipJson.accepted(header)).isEqualTo(gzip);
    }

    private byte[] json(int length) {
        StringBuilder text = new StringBuilder(length);
        String[] words = {"{\"type\":", "\"engine_oil\"", ",\"capacity\":", "4.40", "Öl ✓", "}", " ", "[", "]"};
        while (text.length() < length) {
            text.append(
                    random.nextInt(20) == 0 ? (char) ('a' + random.nextInt(26)) : words[random.nextInt(words.length)]);
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static int crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    private static byte[] gunzip(byte[] gzip) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return in.readAllBytes();
        }
    }
}
