package dev.vspec.harness.bench;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import java.util.List;

/** The decode benchmark's measured loops: first sight and warm, single-threaded. */
final class DecodeRates {

    /** Where the measured loops leave a result, so that the JIT cannot drop the decodes. */
    private static volatile long blackhole;

    /** Each VIN decoded once: the whole set's time, and the rates of its first and second halves. */
    record FirstSight(double seconds, double firstHalfRate, double secondHalfRate) {}

    /** The decodes of the warm measurement and its length. */
    record Warm(long decoded, double seconds) {}

    private DecodeRates() {}

    /** Each VIN once, in file order, into {@code decodings}: as a freshly started instance meets them. */
    static FirstSight firstSight(VinDecoder decoder, List<Vin> vins, VinDecoding[] decodings) {
        int half = vins.size() / 2;
        long firstStart = System.nanoTime();
        long halfway = firstStart;
        for (int i = 0; i < vins.size(); i++) {
            if (i == half) {
                halfway = System.nanoTime();
            }
            decodings[i] = decoder.decode(vins.get(i));
        }
        long firstEnd = System.nanoTime();
        return new FirstSight(
                (firstEnd - firstStart) / 1e9,
                half / ((halfway - firstStart) / 1e9),
                (vins.size() - half) / ((firstEnd - halfway) / 1e9));
    }

    /** Round the set for {@code warmupSeconds}, then measured for at least {@code seconds}. */
    static Warm warm(VinDecoder decoder, List<Vin> vins, double warmupSeconds, double seconds) {
        long sink = 0;
        long warmEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
        int next = 0;
        while (System.nanoTime() < warmEnd) {
            for (int i = 0; i < 256; i++) {
                sink += decoder.decode(vins.get(next)).nhtsaErrorCodes().size();
                next = next + 1 == vins.size() ? 0 : next + 1;
            }
        }
        long decoded = 0;
        long warmStart = System.nanoTime();
        long warmDeadline = warmStart + (long) (seconds * 1e9);
        long now;
        do {
            for (int i = 0; i < 256; i++) {
                sink += decoder.decode(vins.get(next)).nhtsaErrorCodes().size();
                next = next + 1 == vins.size() ? 0 : next + 1;
            }
            decoded += 256;
            now = System.nanoTime();
        } while (now < warmDeadline);
        blackhole = sink;
        return new Warm(decoded, (now - warmStart) / 1e9);
    }
}
