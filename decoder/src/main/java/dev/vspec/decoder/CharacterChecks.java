package dev.vspec.decoder;

import dev.vspec.decoder.VpicIndex.SchemaLink;
import dev.vspec.decoder.VpicIndex.Wmi;

/**
 * NHTSA's error codes about single characters of a VIN, found for one pass: characters the WMI's patterns do
 * not allow (2-5, {@code spVinDecode_ErrorCode}), positions no winning pattern used (14), characters not
 * allowed where they stand (400). Each adds its code, and what it found, to the pass.
 */
final class CharacterChecks {

    /** The positions whose characters NHTSA checks are used by some pattern (code 14). */
    private static final int[] CHECKED_POSITIONS = {4, 5, 6, 7, 8, 11};

    /** A position holding a character the patterns do not allow there, and the characters they allow. */
    record CharacterError(int position, char found, String allowed) {}

    private CharacterChecks() {}

    /**
     * Codes 2-5: positions 4-14 (4-11 for a small manufacturer, whose positions 12-14 are its WMI's), but 9
     * and 10, holding a character that no key of the WMI's schemas for the model year allows there, where some
     * key allows some character. One such position with one character allowed is corrected (2); with several,
     * the one that makes the check digit calculate, if exactly one does (3), else none (4); several positions
     * are 5.
     */
    static void findCharacterErrors(DecodePass pass, String vin, Wmi wmi) {
        if (pass.modelYear == null || vin.length() < 17) {
            return;
        }
        long[] allowed = new long[15];
        for (SchemaLink link : wmi.links()) {
            if (link.covers(pass.modelYear)) {
                long[] schemaAllowed = link.schema().allowed();
                for (int position = 4; position < allowed.length; position++) {
                    allowed[position] |= schemaAllowed[position];
                }
            }
        }
        int last = wmi.code().length() == 6 ? 11 : 14;
        for (int position = 4; position <= last; position++) {
            char c = vin.charAt(position - 1);
            if (position != 9
                    && position != 10
                    && allowed[position] != 0
                    && (allowed[position] & PatternKey.bit(c)) == 0) {
                pass.characterErrors.add(new CharacterError(position, c, PatternKey.characters(allowed[position])));
            }
        }
        if (pass.characterErrors.isEmpty()) {
            return;
        }
        char[] suggested = vin.toCharArray();
        if (pass.characterErrors.size() > 1) {
            pass.characterErrors.forEach(error -> suggested[error.position() - 1] = '!');
            pass.codes.add(NhtsaCode.SEVERAL_POSITIONS);
        } else {
            CharacterError error = pass.characterErrors.get(0);
            if (error.allowed().length() == 1) {
                suggested[error.position() - 1] = error.allowed().charAt(0);
                pass.codes.add(NhtsaCode.CORRECTED_ONE_POSITION);
            } else {
                String fitting = "";
                for (char candidate : error.allowed().toCharArray()) {
                    suggested[error.position() - 1] = candidate;
                    String tried = new String(suggested);
                    if (tried.charAt(8) == CheckDigits.forCorrections(tried)) {
                        fitting += candidate;
                    }
                }
                suggested[error.position() - 1] = fitting.length() == 1 ? fitting.charAt(0) : '!';
                pass.codes.add(
                        fitting.length() == 1
                                ? NhtsaCode.CORRECTED_BY_CHECK_DIGIT
                                : NhtsaCode.ONE_POSITION_UNCORRECTED);
            }
        }
        pass.suggestedVin = new String(suggested);
    }

    /**
     * Code 14: positions 4-8 and 11 whose character no winning pattern's key fixes (as a literal, a class or
     * a digit of a formula). NHTSA reads them as "used" by a key that allows the VIN's character there.
     */
    static void findUnusedPositions(DecodePass pass, String vin) {
        for (int position : CHECKED_POSITIONS) {
            if (position > vin.length()) {
                break;
            }
            char c = vin.charAt(position - 1);
            // keys hold positions 4-8, '|', 10-17: position 9's place is the '|'
            int index = position - 4;
            boolean used = false;
            for (DecodingItem item : pass.items) {
                if (item.source().fromPatterns()
                        && item.key() != null
                        && item.key().constrains(index)
                        && item.key().allows(index, c)) {
                    used = true;
                    break;
                }
            }
            if (!used) {
                pass.unusedPositions.add(position);
            }
        }
        if (!pass.unusedPositions.isEmpty()) {
            pass.codes.add(NhtsaCode.UNUSED_POSITIONS);
        }
    }

    /**
     * Code 400: characters not allowed where they stand. Position 9 is a digit or X, position 10 a
     * model-year code, and the serial's last positions are digits: from position 13 for cars, MPVs and light
     * trucks, from 14 for other vehicles, from 15 for a small manufacturer (position 3 is 9).
     */
    static void checkCharacters(DecodePass pass, String vin, Wmi wmi) {
        boolean offRoad = pass.codes.contains(NhtsaCode.OFF_ROAD);
        int digitsFrom =
                vin.length() >= 3 && vin.charAt(2) == '9' ? 15 : wmi != null && wmi.carMpvOrLightTruck() ? 13 : 14;
        for (int position = 1; position <= vin.length(); position++) {
            char c = vin.charAt(position - 1);
            if (c == '*' || (position == 9 && offRoad)) {
                continue;
            }
            boolean allowed;
            if (position == 9) {
                allowed = Character.isDigit(c) || c == 'X';
            } else if (position == 10) {
                allowed = ModelYears.isYearCode(c);
            } else if (position >= digitsFrom) {
                allowed = Character.isDigit(c);
            } else {
                allowed = Character.isDigit(c) || (c >= 'A' && c <= 'Z' && c != 'I' && c != 'O' && c != 'Q');
            }
            if (!allowed) {
                pass.invalidCharacters.add(position + ":" + c);
            }
        }
        if (!pass.invalidCharacters.isEmpty()) {
            pass.codes.add(NhtsaCode.INVALID_CHARACTERS);
        }
    }
}
