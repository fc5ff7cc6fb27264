package dev.vspec.contracts.catalog;

import java.util.List;
import java.util.Objects;

/** One line of a spec sheet, e.g. section {@code engine}, name {@code displacement}, value {@code 2.0}, unit {@code L}. */
public record SpecItem(String section, String name, String value, String unit) {

    /** The fact a line states: its section and name (the lines of one fact give its value in several units). */
    public String fact() {
        return factOf(section, name);
    }

    /** {@code engine/displacement}: a fact's name in every sheet, however its lines are held. */
    public static String factOf(String section, String name) {
        return section + "/" + name;
    }

    /** Adds the line to a sheet where the source states the value: never a null or blank one. */
    public static void addStated(List<SpecItem> sheet, String section, String name, Object value, String unit) {
        String text = value == null ? null : Objects.toString(value).strip();
        if (text != null && !text.isEmpty()) {
            sheet.add(new SpecItem(section, name, text, unit));
        }
    }
}
