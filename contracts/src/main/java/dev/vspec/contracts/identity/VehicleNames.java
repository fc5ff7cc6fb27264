package dev.vspec.contracts.identity;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one form in which vspec shows a make or a model, whatever its source wrote: vPIC's decoder says
 * "HONDA", its Make table "Honda", an import "honda"; all are shown "Honda". Only letter case changes, and
 * runs of whitespace fold to one space, so a shown name has the {@link ConfigKey#slug slug} and the
 * {@link VehicleIdentifier#normalize match form} of what its source wrote: no config_key depends on this.
 *
 * <p>A make is shown the same whatever the case of its source. Each word is capitalised (Honda, Land
 * Rover, Mercedes-Benz), except: a word without a vowel is an initialism in capitals (BMW, GMC, KTM,
 * BYD); a word of "Mc" and a name has two capitals (McLaren); the words of {@link #MAKE_WORDS} have
 * their own form (USA, EV, Ltd, GmbH; "of", "and", "by" after the first word); and the makes of
 * {@link #MAKE_EXCEPTIONS} are written as their makers write them (MINI, smart, DeLorean, IC Bus).
 * Where vPIC's own Make table spells a make in mixed case, the rule gives that spelling for nine in ten
 * of them, and for every make of cars, MPVs and trucks but a few small coachbuilders' (see the tests).
 *
 * <p>A model keeps its source's spelling, where the case carries the maker's meaning (CR-V, RAV4, 328i,
 * e-tron, ID.4, bZ4X), except that a word written all in capitals with at least four letters, a vowel and
 * no digit is capitalised (vPIC's ARTURA, URUS, F-PACE and an import's CIVIC are shown Artura, Urus,
 * F-Pace and Civic). A model name is therefore shown the same from every source that writes it in the
 * maker's case or in capitals.
 */
public final class VehicleNames {

    /** Makes whose makers write them otherwise than the rule would; keyed by the name in capitals. */
    static final Map<String, String> MAKE_EXCEPTIONS = byCapitals(
            "AM General",
            "AMC",
            "American LaFrance",
            "BrightDrop",
            "CFMOTO",
            "DeLorean",
            "DeSoto",
            "ElDorado National",
            "GasGas",
            "GreenPower",
            "IC Bus",
            "INEOS",
            "LiveWire",
            "MINI",
            "RUF",
            "smart",
            "Th!nk",
            "UD",
            "VinFast");

    /** Words with a form of their own inside a make: acronyms with a vowel, company suffixes, joining words. */
    static final Map<String, String> MAKE_WORDS = byCapitals(
            "AC", "AG", "AM", "and", "ATV", "by", "dba", "de", "EV", "EZ", "GmbH", "Jr", "LSV", "Ltd", "Mfg", "Mt",
            "of", "or", "SA", "SpA", "the", "USA", "UTV");

    /** A word: letters and digits, with an apostrophe's ending ("Pete's"). */
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:'\\p{L}+)?");

    /** McLaren, McNeilus: "Mc" and a capitalised name of three letters or more. */
    private static final Pattern SCOTTISH = Pattern.compile("(?i)mc\\p{L}{3,}");

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private VehicleNames() {}

    /** How a make is shown; null for null. */
    public static String make(String name) {
        if (name == null) {
            return null;
        }
        String folded = folded(name);
        String exception = MAKE_EXCEPTIONS.get(capitals(folded));
        if (exception != null) {
            return exception;
        }
        boolean[] first = {true};
        return eachWord(folded, word -> {
            String shown = makeWord(word, first[0]);
            first[0] = false;
            return shown;
        });
    }

    /** How a model is shown; null for null. */
    public static String model(String name) {
        return name == null ? null : eachWord(folded(name), VehicleNames::modelWord);
    }

    /**
     * A label with its make and model shown as {@link #make} and {@link #model} show them: where the label
     * holds the make or the model as a whole word, in any case, that word is replaced ("2003 HONDA Accord
     * EX-V6" with make HONDA is "2003 Honda Accord EX-V6"); the rest of the label is the source's.
     */
    public static String label(String label, String make, String model) {
        if (label == null) {
            return null;
        }
        return shownIn(shownIn(label, make, make(make)), model, model(model));
    }

    private static String makeWord(String word, boolean first) {
        String own = MAKE_WORDS.get(capitals(word));
        if (own != null) {
            return first ? Character.toUpperCase(own.charAt(0)) + own.substring(1) : own;
        }
        if (isLetters(word) && !hasVowel(word)) {
            return capitals(word);
        }
        if (SCOTTISH.matcher(word).matches()) {
            return "Mc" + capitalised(word.substring(2));
        }
        return capitalised(word);
    }

    private static String modelWord(String word) {
        boolean shouting = isLetters(word) && word.equals(capitals(word)) && word.length() >= 4 && hasVowel(word);
        return shouting ? capitalised(word) : word;
    }

    private static String shownIn(String label, String name, String shown) {
        if (name == null || name.isBlank()) {
            return label;
        }
        String words = Arrays.stream(WHITESPACE.split(name.strip()))
                .map(Pattern::quote)
                .collect(Collectors.joining("\\s+"));
        Matcher found = Pattern.compile(
                        "(?<![\\p{L}\\p{N}])" + words + "(?![\\p{L}\\p{N}])",
                        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE)
                .matcher(label);
        return found.find() ? label.substring(0, found.start()) + shown + label.substring(found.end()) : label;
    }

    private static String eachWord(String text, UnaryOperator<String> shown) {
        Matcher words = WORD.matcher(text);
        StringBuilder result = new StringBuilder(text.length());
        int end = 0;
        while (words.find()) {
            result.append(text, end, words.start()).append(shown.apply(words.group()));
            end = words.end();
        }
        return result.append(text, end, text.length()).toString();
    }

    /** Strips and folds runs of whitespace to one space, as {@link VehicleIdentifier#normalize} does. */
    private static String folded(String text) {
        return WHITESPACE.matcher(text.strip()).replaceAll(" ");
    }

    /** The first character in capitals, the others small ("58th"); one character for one, so slugs do not change. */
    private static String capitalised(String word) {
        StringBuilder shown = new StringBuilder(word.length()).append(Character.toUpperCase(word.charAt(0)));
        for (int i = 1; i < word.length(); i++) {
            shown.append(Character.toLowerCase(word.charAt(i)));
        }
        return shown.toString();
    }

    private static String capitals(String text) {
        StringBuilder upper = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            upper.append(Character.toUpperCase(text.charAt(i)));
        }
        return upper.toString();
    }

    private static boolean isLetters(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (!Character.isLetter(word.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A, E, I, O or U, accented or not. */
    private static boolean hasVowel(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            char bare = c < 128
                    ? c
                    : Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFD)
                            .charAt(0);
            if ("AEIOUaeiou".indexOf(bare) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, String> byCapitals(String... names) {
        return Stream.of(names).collect(Collectors.toUnmodifiableMap(VehicleNames::capitals, name -> name));
    }
}
