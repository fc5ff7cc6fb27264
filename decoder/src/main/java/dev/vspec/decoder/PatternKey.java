package dev.vspec.decoder;

import java.util.Arrays;

/**
 * A vPIC pattern key, compiled for matching. A key is written over the VIN's "keys" string: positions
 * 4-8, then {@code |}, then positions 10-17 (position 9, the check digit, never takes part). In a key
 * {@code *} stands for any character, {@code [...]} for a class (ranges allowed) and every other character
 * for itself; a key matches when it matches the beginning of the VIN's keys, so a short key constrains
 * only the first positions. This is how NHTSA's {@code spVinDecode_Core} matches: a key without a class
 * through {@code LIKE replace(keys, '*', '_') || '%'} (where a literal {@code _} is a wildcard too), a key
 * with one through the regular expression {@code ^key.*} (where the malformed range {@code 1-A} reads as
 * the two characters 1 and A, as NHTSA's {@code sqlwild_to_regex} rewrites it).
 *
 * <p>A formula key ({@code #}) stands for a digit and hands the matched digits on as the value (the
 * number of cylinders written in the VIN, say); {@link #formulaSpan} says where.
 */
final class PatternKey {

    /** Characters of a keys string by bit: 0-9, A-Z, '|', and '*' (a partial VIN's unknown character). */
    private static final int PIPE = 36;

    private static final int UNKNOWN = 37;
    /** A key's '*' matches any character, an unknown one too, as LIKE's '_' does. */
    private static final long ANY = (1L << 38) - 1;
    /** 0-9 and A-Z. */
    static final long VIN_CHARACTERS = (1L << 36) - 1;
    /** The characters a VIN may hold, in NHTSA's order. */
    private static final String VIN_ALPHABET = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";

    private static final long DIGITS = (1L << 10) - 1;

    private final String text;
    private final long[] masks;
    private final int literalLength;
    private final String withoutBrackets;
    private final int formulaStart;
    private final int formulaEnd;

    private PatternKey(String text, long[] masks, int formulaStart, int formulaEnd) {
        this.text = text;
        this.masks = masks;
        this.literalLength =
                text.length() - (int) text.chars().filter(c -> c == '*').count();
        this.withoutBrackets = text.replace("[", "").replace("]", "");
        this.formulaStart = formulaStart;
        this.formulaEnd = formulaEnd;
    }

    /**
     * Compiles a key as stored in vPIC's {@code Pattern.Keys}.
     *
     * @throws IllegalArgumentException for a key this grammar cannot read (an unclosed class, say), so that an
     *                                  installed release with such a key is refused when loaded, not mis-matched
     */
    static PatternKey compile(String text) {
        String key = text.toUpperCase(java.util.Locale.ROOT);
        boolean likeSyntax = key.indexOf('[') < 0;
        long[] masks = new long[key.length()];
        int positions = 0;
        int formulaStart = -1;
        int formulaEnd = -1;
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '[') {
                int close = key.indexOf(']', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException("pattern key '" + text + "' opens a class it never closes");
                }
                masks[positions++] = classMask(key.substring(i + 1, close).replace("1-A", "1A"), text);
                i = close;
            } else if (c == '*' || (likeSyntax && c == '_')) {
                masks[positions++] = ANY;
            } else if (c == '#') {
                if (formulaStart < 0) {
                    formulaStart = positions;
                }
                formulaEnd = positions + 1;
                masks[positions++] = DIGITS;
            } else {
                masks[positions++] = bit(c);
            }
        }
        return new PatternKey(text, Arrays.copyOf(masks, positions), formulaStart, formulaEnd);
    }

    private static long classMask(String members, String key) {
        if (members.startsWith("^")) {
            throw new IllegalArgumentException("pattern key '" + key + "' negates a class, which vPIC keys never do");
        }
        long mask = 0;
        for (int i = 0; i < members.length(); i++) {
            char from = members.charAt(i);
            if (i + 2 < members.length() && members.charAt(i + 1) == '-') {
                char to = members.charAt(i + 2);
                if (to < from) {
                    throw new IllegalArgumentException(
                            "pattern key '" + key + "' has the empty range " + from + "-" + to);
                }
                for (char c = from; c <= to; c++) {
                    mask |= bit(c);
                }
                i += 2;
            } else {
                mask |= bit(from);
            }
        }
        return mask;
    }

    /** The bit of a VIN keys character; 0 for any other character, which therefore never matches. */
    static long bit(char c) {
        if (c >= '0' && c <= '9') {
            return 1L << (c - '0');
        }
        if (c >= 'A' && c <= 'Z') {
            return 1L << (10 + c - 'A');
        }
        return c == '|' ? 1L << PIPE : c == '*' ? 1L << UNKNOWN : 0;
    }

    /**
     * Whether this key matches the beginning of a VIN's keys. An unknown character ({@code *}, in a partial
     * VIN) matches only where the key has {@code *}: the key certainly matches, whatever it turns out to be.
     */
    boolean matches(String keys) {
        if (keys.length() < masks.length) {
            return false;
        }
        for (int i = 0; i < masks.length; i++) {
            if ((masks[i] & bit(keys.charAt(i))) == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * For a partial VIN, whose keys may hold {@code *} for unknown characters and may stop early: whether
     * the key may match once the unknown characters are known. A key that {@link #matches} may match.
     */
    boolean mayMatch(String keys) {
        for (int i = 0; i < masks.length && i < keys.length(); i++) {
            char c = keys.charAt(i);
            if (c != '*' && (masks[i] & bit(c)) == 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether the key constrains the character at this index of the keys string (VIN position index + 4; index 5 is the '|'). */
    boolean constrains(int index) {
        return index < masks.length && masks[index] != ANY;
    }

    /** Whether the key allows this character at this index of the keys string; a key too short for the index allows anything. */
    boolean allows(int index, char c) {
        return index >= masks.length || (masks[index] & bit(c)) != 0;
    }

    /**
     * Adds the characters this key allows at VIN positions 4-8 and 11-14 to {@code allowed} (indexed by VIN
     * position), as NHTSA's {@code fValidCharsInKey} lists them: a literal, a class or a formula's digits
     * allow their characters; {@code *} allows none of its own.
     */
    void addAllowedCharacters(long[] allowed) {
        for (int index = 0; index < masks.length; index++) {
            int position = index + 4;
            if (position >= allowed.length) {
                break;
            }
            if (position != 9 && position != 10 && masks[index] != ANY) {
                allowed[position] |= masks[index] & VIN_CHARACTERS;
            }
        }
    }

    /** The characters the key allows at this index of the keys string, by {@link #bit}; a key too short for the index allows any. */
    long mask(int index) {
        return index < masks.length ? masks[index] : ANY;
    }

    /** The first VIN character (digits, then letters; never I, O or Q) the key allows at this index, or 0. */
    char firstAllowed(int index) {
        return first(mask(index));
    }

    /** The first VIN character (digits, then letters; never I, O or Q) of a mask, or 0. */
    static char first(long mask) {
        for (char c : VIN_ALPHABET.toCharArray()) {
            if ((mask & bit(c)) != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Whether a VIN may hold the character: 0-9 and A-Z but I, O and Q. */
    static boolean isVinCharacter(char c) {
        return VIN_ALPHABET.indexOf(c) >= 0;
    }

    /** The VIN characters of a mask, in NHTSA's order (digits, then letters). */
    static String characters(long mask) {
        StringBuilder text = new StringBuilder();
        for (char c = '0'; c <= '9'; c++) {
            if ((mask & bit(c)) != 0) {
                text.append(c);
            }
        }
        for (char c = 'A'; c <= 'Z'; c++) {
            if ((mask & bit(c)) != 0) {
                text.append(c);
            }
        }
        return text.toString();
    }

    /** Whether this is a formula key ({@code #}), whose matched digits are the value. */
    boolean isFormula() {
        return formulaStart >= 0;
    }

    /** The part of the keys string a formula key's {@code #} span covers, as NHTSA's Formula Pattern takes it. */
    String formulaSpan(String keys) {
        return keys.substring(formulaStart, Math.min(formulaEnd, keys.length()));
    }

    /** The key's characters that are not {@code *}: spVinDecode's third ranking criterion. */
    int literalLength() {
        return literalLength;
    }

    /** The key without its brackets: the tiebreak NHTSA's PostgreSQL port adds after the literal length. */
    String withoutBrackets() {
        return withoutBrackets;
    }

    String text() {
        return text;
    }

    int length() {
        return masks.length;
    }

    @Override
    public String toString() {
        return text;
    }
}
