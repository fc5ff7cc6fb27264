package dev.vspec.command.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs a delivery in the style of Stripe's webhooks: {@code Vspec-Signature: t=<unix seconds>,v1=<hex>},
 * the HMAC-SHA256, keyed with the webhook's whole secret ({@code whsec_…}) as UTF-8, of
 * {@code "<t>.<body>"}. A receiver recomputes it over the raw body and compares in constant time, and
 * refuses an old {@code t} to defeat replays.
 */
final class WebhookSigner {

    static final String SIGNATURE_HEADER = "Vspec-Signature";
    static final String EVENT_ID_HEADER = "Vspec-Event-Id";

    private WebhookSigner() {}

    static String signature(String secret, long unixSeconds, byte[] body) {
        return "t=" + unixSeconds + ",v1=" + hmacHex(secret, unixSeconds, body);
    }

    static String hmacHex(String secret, long unixSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((unixSeconds + ".").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
