package dev.vspec.testing;

import dev.vspec.decoding.DecoderSource;
import java.time.Duration;
import org.awaitility.Awaitility;

/** Waits for a deployable's VIN decoder, which loads the installed vPIC release in the background after start. */
public final class DecoderReady {

    private static final Duration LIMIT = Duration.ofMinutes(1);

    private DecoderReady() {}

    public static void await(DecoderSource decoders) {
        Awaitility.await().atMost(LIMIT).until(() -> decoders.state() == DecoderSource.State.READY);
    }
}
