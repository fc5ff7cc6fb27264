package dev.vspec.contracts.identity;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The stable, exact identifier of one configuration: the lowercase slug
 * {@code year-make-model-trim-enginecode[-drivetrain]}, e.g. {@code 2019-honda-civic-lx-k20c2-fwd}.
 */
public record ConfigKey(String value) {

    public static final int MAX_LENGTH = 160;
    private static final Pattern SHAPE = Pattern.compile("\\d{4}(-[a-z0-9]+){4,}");
    private static final Pattern NOT_SLUG = Pattern.compile("[^a-z0-9]+");

    public ConfigKey {
        if (!isWellFormed(value)) {
            throw ApiException.about(
                    "config_key",
                    ErrorCode.INVALID_PARAM,
                    "config_key is a lowercase slug year-make-model-trim-enginecode[-drivetrain], "
                            + "e.g. 2019-honda-civic-lx-k20c2-fwd");
        }
    }

    @JsonCreator
    public static ConfigKey parse(String raw) {
        return new ConfigKey(raw);
    }

    /** Whether {@code text} has a key's shape; only such a text can name a configuration. */
    public static boolean isWellFormed(String text) {
        return text != null
                && text.length() <= MAX_LENGTH
                && SHAPE.matcher(text).matches();
    }

    /** Derives the key of a configuration from its identity; {@code drivetrain} may be null. */
    public static ConfigKey of(int year, String make, String model, String trim, String engineCode, String drivetrain) {
        StringBuilder key = new StringBuilder()
                .append(year)
                .append('-')
                .append(slug(make))
                .append('-')
                .append(slug(model))
                .append('-')
                .append(slug(trim))
                .append('-')
                .append(slug(engineCode));
        if (drivetrain != null && !drivetrain.isBlank()) {
            key.append('-').append(slug(drivetrain));
        }
        return new ConfigKey(key.toString());
    }

    /**
     * Whether two texts name the same key part however they are written: vPIC's "HONDA" is an
     * import's "Honda", "EX V6" is "EX-V6". Null equals only null.
     */
    public static boolean sameSlug(String a, String b) {
        return a == null || b == null ? a == null && b == null : slug(a).equals(slug(b));
    }

    public static String slug(String text) {
        String ascii = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        String slug = NOT_SLUG.matcher(ascii.toLowerCase(Locale.ROOT)).replaceAll("-");
        return slug.replaceAll("^-+|-+$", "");
    }

    @JsonValue
    @Override
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
