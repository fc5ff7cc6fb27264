package dev.vspec.decoder;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;

/**
 * Decodes VINs made from the index's own patterns before a new decoder answers, so that the first VINs
 * users send are decoded by compiled code, not by the interpreter: a decoder answers about seven times
 * faster warm. One VIN per WMI and schema link, up to a count and a time budget; the VINs are built, never
 * sent anywhere, and nothing of them is kept.
 */
final class WarmUp {

    static final int MAX_VINS = 20_000;
    static final Duration BUDGET = Duration.ofSeconds(3);

    private WarmUp() {}

    /** Decodes up to {@link #MAX_VINS} VINs or for {@link #BUDGET}, whichever ends first; answers how many. */
    static int run(VinDecoder decoder) {
        long deadline = System.nanoTime() + BUDGET.toNanos();
        List<Wmi> wmis = decoder.index().wmis().stream()
                .filter(wmi -> wmi.code().length() == 3)
                .sorted(Comparator.comparing(Wmi::code))
                .toList();
        int decoded = 0;
        for (int round = 0; decoded < MAX_VINS && System.nanoTime() < deadline; round++) {
            boolean any = false;
            for (Wmi wmi : wmis) {
                if (round >= wmi.links().size()) {
                    continue;
                }
                any = true;
                String vin = vinFor(wmi.code(), wmi.links().get(round));
                if (vin != null) {
                    decoder.decode(Vin.parse(vin));
                    decoded++;
                }
                if (decoded >= MAX_VINS || (decoded % 256 == 0 && System.nanoTime() > deadline)) {
                    return decoded;
                }
            }
            if (!any) {
                break;
            }
        }
        return decoded;
    }

    /** A VIN of this WMI that the link's schema's first key matches, in the link's first year; null if none can be made. */
    static String vinFor(String wmi, SchemaLink link) {
        PatternKey[] keys = link.schema().keys();
        if (keys.length == 0 || link.yearFrom() < 1980) {
            return null;
        }
        char[] vin = (wmi + "AAAAA0" + ModelYears.code(link.yearFrom()) + "A000000").toCharArray();
        PatternKey key = keys[0];
        for (int index = 0; index < key.length() && index + 4 <= 17; index++) {
            int position = index + 4;
            if (position == 9 || position == 10 || !key.constrains(index)) {
                continue;
            }
            char chosen = key.firstAllowed(index);
            if (chosen == 0 || (position >= 13 && !Character.isDigit(chosen))) {
                return null;
            }
            vin[position - 1] = chosen;
        }
        vin[8] = '0';
        for (char c : vin) {
            // vPIC holds a few WMIs and keys with I, O or Q, which no VIN has
            if (!PatternKey.isVinCharacter(c)) {
                return null;
            }
        }
        vin[8] = Vin.checkDigitOf(new String(vin));
        return new String(vin);
    }
}
