package dev.vspec.command;

import dev.vspec.contracts.identity.Vin;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * VINs no test catalog uses, each with a valid check digit: Honda's WMI and a 2020 model year, with a
 * descriptor no vPIC pattern knows, so vPIC cannot tell their model and enriching one fails {@code not_found}.
 */
public final class TestVins {

    private static final AtomicInteger SERIAL =
            new AtomicInteger(ThreadLocalRandom.current().nextInt(100_000, 800_000));

    private TestVins() {}

    public static String next() {
        String withoutCheckDigit = "1HG00000?LA" + SERIAL.incrementAndGet();
        return withoutCheckDigit.replace('?', Vin.checkDigitOf(withoutCheckDigit));
    }
}
