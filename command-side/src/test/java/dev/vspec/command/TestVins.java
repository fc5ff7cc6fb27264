package dev.vspec.command;

import dev.vspec.contracts.identity.Vin;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/** VINs no test catalog uses, each with a valid check digit. */
public final class TestVins {

    private static final AtomicInteger SERIAL = new AtomicInteger(ThreadLocalRandom.current().nextInt(100_000, 800_000));

    private TestVins() {
    }

    public static String next() {
        String withoutCheckDigit = "1HGCV1F3?LA" + SERIAL.incrementAndGet();
        return withoutCheckDigit.replace('?', Vin.checkDigitOf(withoutCheckDigit));
    }
}
