package dev.vspec.command.catalog;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where the values {@link CatalogRules} checks stand, and how their owner refuses the first one that breaks
 * a rule: the catalog reader names the place in the file ({@code configurations[3].tires[1]: ...}), an
 * aggregate refuses the command ({@code tires[1]: ...}). The first problem ends the check, so each rule may
 * rely on the ones before it.
 */
final class Problems {

    private final String path;
    private final Function<String, RuntimeException> refusal;

    private Problems(String path, Function<String, RuntimeException> refusal) {
        this.path = path;
        this.refusal = refusal;
    }

    /** Problems of a catalog file's value at {@code path}, refused as a {@link CatalogImportException}. */
    static Problems inFile(String path) {
        return new Problems(path, CatalogImportException::new);
    }

    /** Problems of a command's {@code subject}, refused as {@code invalid_param}. */
    static Problems inCommand(String subject) {
        return new Problems(subject, message -> new ApiException(ErrorCode.INVALID_PARAM, message));
    }

    String path() {
        return path;
    }

    /** The value of {@code field} within this one. */
    Problems at(String field) {
        return new Problems(path + "." + field, refusal);
    }

    /** The item {@code index} of this list. */
    Problems item(int index) {
        return new Problems(path + "[" + index + "]", refusal);
    }

    /** Refuses the value here: {@code path: problem}. */
    RuntimeException refusal(String problem) {
        return refusal.apply(path + ": " + problem);
    }

    void report(String problem) {
        throw refusal(problem);
    }

    /** Checks each item of this list with {@code rule}; the list itself must be given, if empty. */
    <T> void each(List<T> items, BiConsumer<T, Problems> rule) {
        if (items == null) {
            throw refusal.apply(path + " must be a list (empty for none)");
        }
        for (int i = 0; i < items.size(); i++) {
            Problems item = item(i);
            if (items.get(i) == null) {
                item.report("must not be null");
            }
            rule.accept(items.get(i), item);
        }
    }

    Problems required(String field, Object value) {
        if (value == null) {
            report(field + " is required");
        }
        return this;
    }

    Problems notBlank(String field, String value) {
        required(field, value);
        if (value.isBlank()) {
            report(field + " must not be blank");
        }
        return this;
    }

    /** An optional text: left out, or not blank. */
    Problems notBlankIfGiven(String field, String value) {
        if (value != null && value.isBlank()) {
            report(field + " must be left out or not blank");
        }
        return this;
    }

    /** One of {@code allowed}, which {@code wording} lists for the message. */
    Problems oneOf(String field, String value, Set<String> allowed, String wording) {
        if (value == null || !allowed.contains(value)) {
            report(field + " must be " + wording + "; got " + quoted(value));
        }
        return this;
    }

    /** Matching {@code pattern}, which {@code wording} describes for the message. */
    Problems matches(String field, String value, Pattern pattern, String wording) {
        if (value == null || !pattern.matcher(value).matches()) {
            report(field + " must be " + wording + "; got " + quoted(value));
        }
        return this;
    }

    Problems notNegative(String field, BigDecimal value) {
        required(field, value);
        if (value.signum() < 0) {
            report(field + " must not be negative; got " + value.toPlainString());
        }
        return this;
    }

    Problems notNegativeIfGiven(String field, Number value) {
        if (value != null && value.longValue() < 0) {
            report(field + " must not be negative; got " + value);
        }
        return this;
    }

    Problems positive(String field, int value) {
        if (value <= 0) {
            report(field + " must be positive; got " + value);
        }
        return this;
    }

    Problems positiveIfGiven(String field, Integer value) {
        return value == null ? this : positive(field, value);
    }

    private static String quoted(String value) {
        return value == null ? "nothing" : "'" + value + "'";
    }
}
