package dev.vspec.decoder;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;

/**
 * The VINs a WMI may have in one model year, as the characters each position of its keys string
 * (positions 4-8, '|', 10-17) may hold, narrowed key by key; then one concrete VIN of them.
 *
 * <p>What 49 CFR 565.15 and NHTSA's decoder require from the start: position 10 is the year's code; for a
 * passenger car, MPV or light truck position 7 is a digit for 1980-2009 and a letter from 2010 (so that the
 * year is not read 30 years off), position 13 a digit; positions 14-17 are digits; a manufacturer of fewer
 * than 1,000 vehicles a year (position 3 is 9) has its WMI's last three characters in positions 12-14. Where
 * the keys leave a choice, a VIN takes the first character (digits, then letters) that some key of the
 * WMI's schemas for the year names there, as NHTSA reports any other character (codes 2-5).
 */
final class VinTemplate {

    private static final long LETTERS = PatternKey.VIN_CHARACTERS & ~((1L << 10) - 1);
    private static final long DIGITS = (1L << 10) - 1;
    private static final long VIN_CHARACTERS =
            PatternKey.VIN_CHARACTERS & ~(PatternKey.bit('I') | PatternKey.bit('O') | PatternKey.bit('Q'));

    private final String wmi;
    private final long[] masks;
    /** By VIN position: the characters some key of the year's schemas names there (0 where none does). */
    private final long[] named;

    private VinTemplate(String wmi, long[] masks, long[] named) {
        this.wmi = wmi;
        this.masks = masks;
        this.named = named;
    }

    /** Every VIN of this WMI in this model year (from 1980). */
    static VinTemplate of(Wmi wmi, int year) {
        long[] masks = new long[SchemaKeys.KEYS_LENGTH];
        String code = wmi.code();
        boolean small = code.length() == 6;
        for (int index = 0; index < masks.length; index++) {
            int position = index + 4;
            masks[index] = switch (position) {
                case 9 -> PatternKey.bit('|');
                case 10 -> PatternKey.bit(ModelYears.code(year));
                case 12 -> small ? PatternKey.bit(code.charAt(3)) : VIN_CHARACTERS;
                case 13 -> small ? PatternKey.bit(code.charAt(4)) : wmi.carMpvOrLightTruck() ? DIGITS : VIN_CHARACTERS;
                case 14 -> small ? PatternKey.bit(code.charAt(5)) : DIGITS;
                case 15, 16, 17 -> DIGITS;
                case 7 -> wmi.carMpvOrLightTruck() ? (year < 2010 ? DIGITS : LETTERS & VIN_CHARACTERS) : VIN_CHARACTERS;
                default -> VIN_CHARACTERS;
            };
        }
        long[] named = new long[15];
        for (SchemaLink link : wmi.links()) {
            if (link.covers(year)) {
                long[] allowed = link.schema().allowed();
                for (int position = 4; position < named.length; position++) {
                    named[position] |= allowed[position];
                }
            }
        }
        return new VinTemplate(code.substring(0, 3), masks, named);
    }

    /** These VINs narrowed to the ones {@code key} matches, or null when it matches none of them. */
    VinTemplate and(PatternKey key) {
        if (key == null) {
            return this;
        }
        long[] narrowed = masks.clone();
        for (int index = 0; index < key.length(); index++) {
            narrowed[index] &= key.mask(index);
            if (narrowed[index] == 0) {
                return null;
            }
        }
        return new VinTemplate(wmi, narrowed, named);
    }

    /** One VIN of these, the same every time: first characters, named ones preferred, and its check digit. */
    String vin() {
        char[] vin = new char[Vin.LENGTH];
        wmi.getChars(0, 3, vin, 0);
        for (int index = 0; index < masks.length; index++) {
            int position = index + 4;
            if (position == 9) {
                vin[8] = '0';
                continue;
            }
            long mask = masks[index];
            long preferred = position < named.length ? mask & named[position] : 0;
            vin[position - 1] = PatternKey.first(preferred != 0 ? preferred : mask);
        }
        vin[8] = Vin.checkDigitOf(new String(vin));
        return new String(vin);
    }
}
