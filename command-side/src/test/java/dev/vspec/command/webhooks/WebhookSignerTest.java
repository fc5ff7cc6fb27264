package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The signature a receiver recomputes: HMAC-SHA256 keyed with the secret, over "t.body". */
class WebhookSignerTest {

    private static final String SECRET = "whsec_test";
    private static final byte[] BODY = "{\"type\":\"enrichment.completed\"}".getBytes(StandardCharsets.UTF_8);

    @Test
    void theSignatureIsTheHmacOfTheTimestampADotAndTheBody() {
        // printf '%s' '1700000000.{"type":"enrichment.completed"}' | openssl dgst -sha256 -hmac whsec_test
        assertThat(WebhookSigner.signature(SECRET, 1_700_000_000L, BODY))
                .isEqualTo("t=1700000000,v1=4d03fd62f448b85e570a4ae6c0a99787c829fa338d0c2e35e8ae99696c87df9a");
    }

    @Test
    void anotherSecretTimestampOrBodyGivesAnotherSignature() {
        String signed = WebhookSigner.hmacHex(SECRET, 1_700_000_000L, BODY);

        assertThat(WebhookSigner.hmacHex("whsec_other", 1_700_000_000L, BODY)).isNotEqualTo(signed);
        assertThat(WebhookSigner.hmacHex(SECRET, 1_700_000_001L, BODY)).isNotEqualTo(signed);
        assertThat(WebhookSigner.hmacHex(SECRET, 1_700_000_000L, "{}".getBytes(StandardCharsets.UTF_8)))
                .isNotEqualTo(signed);
    }
}
