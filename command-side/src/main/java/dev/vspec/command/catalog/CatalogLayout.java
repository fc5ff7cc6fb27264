package dev.vspec.command.catalog;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;

/**
 * How an export lays out a catalog file, as people write one: a line for each field of a configuration, of its
 * objects ({@code source}, {@code sources}, {@code service_history}) and for each item of its lists; each item (a
 * fluid, a part with its prices, a VIN's visits, a source) on one line. Line ends are {@code \n} whatever the
 * system's, so the same catalog gives the same bytes.
 */
final class CatalogLayout extends DefaultPrettyPrinter {

    /**
     * The nesting of the fields of a configuration's objects and of the items of its lists: the fields and items of
     * anything deeper in go on one line.
     */
    private static final int LINES = 4;

    CatalogLayout() {
        super(Separators.createDefaultInstance().withObjectNameValueSpacing(Separators.Spacing.AFTER));
        _objectIndenter = new Lines(LINES);
        _arrayIndenter = new Lines(LINES);
    }

    @Override
    public CatalogLayout createInstance() {
        return new CatalogLayout();
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) {
        if (_nesting > LINES) {
            _nesting--;
            g.writeRaw(" }");
        } else {
            super.writeEndObject(g, entries);
        }
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) {
        if (_nesting > LINES) {
            _nesting--;
            g.writeRaw(" ]");
        } else {
            super.writeEndArray(g, values);
        }
    }

    /** A new line, indented by two spaces a level, down to {@code deepest}; a space below it. */
    private record Lines(int deepest) implements Indenter {

        @Override
        public void writeIndentation(JsonGenerator g, int level) {
            if (level > deepest) {
                g.writeRaw(' ');
            } else {
                g.writeRaw('\n');
                g.writeRaw("  ".repeat(level));
            }
        }

        @Override
        public boolean isInline() {
            return false;
        }
    }
}
