package dev.vspec.command.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV as spreadsheets write it, and what they write in other settings told by line and column. */
class CsvTableTest {

    @Test
    void readsTheHeaderAndRowsWithQuotedCommasQuotesAndLineBreaks() {
        CsvTable table = parse("type,specification,notes\r\n"
                + "engine_oil,\"SAE 5W-20, Ford WSS-M2C945-A\",\"the \"\"good\"\" one\"\r\n"
                + "coolant,\"Type 2\nmixed 50/50\",\r\n");

        assertThat(table.header()).containsExactly("type", "specification", "notes");
        assertThat(table.rows())
                .containsExactly(
                        new CsvTable.Row(2, List.of("engine_oil", "SAE 5W-20, Ford WSS-M2C945-A", "the \"good\" one")),
                        new CsvTable.Row(3, List.of("coolant", "Type 2\nmixed 50/50", "")));
    }

    @Test
    void aByteOrderMarkLineFeedsOrCarriageReturnsAndALastLineWithoutBreakAreAllRead() {
        byte[] withBom = ("\uFEFFa,b\nx,y\r\nz,w\rv,u").getBytes(StandardCharsets.UTF_8);

        CsvTable table = CsvTable.parse(withBom);

        assertThat(table.header()).containsExactly("a", "b");
        assertThat(table.rows())
                .extracting(CsvTable.Row::line, CsvTable.Row::fields)
                .containsExactly(tuple(2, List.of("x", "y")), tuple(3, List.of("z", "w")), tuple(4, List.of("v", "u")));
    }

    @Test
    void emptyLinesAndRowsOfEmptyFieldsAreSkippedAndLinesStillCount() {
        CsvTable table = parse("a,b\n\n,\nx,y\n\n");

        assertThat(table.rows()).containsExactly(new CsvTable.Row(4, List.of("x", "y")));
    }

    @Test
    void aRowQuotedOverSeveralLinesStartsOnItsFirstAndTheNextCountsOn() {
        CsvTable table = parse("a,b\n\"one\ntwo\nthree\",x\nlast,y\n");

        assertThat(table.rows()).extracting(CsvTable.Row::line).containsExactly(2, 5);
    }

    @Test
    void aSemicolonSeparatedFileIsNamedAsSuch() {
        assertThatThrownBy(() -> parse("config_key;type;specification\nx;y;z\n"))
                .isInstanceOf(CatalogImportException.class)
                .hasMessage("line 1: the columns are separated by semicolons (;); vspec reads comma-separated files"
                        + " (save the sheet as \"CSV UTF-8 (comma delimited)\")");
    }

    @Test
    void aTabSeparatedFileIsNamedAsSuch() {
        assertThatThrownBy(() -> parse("config_key\ttype\nx\ty\n"))
                .hasMessageStartingWith("line 1: the columns are" + " separated by tabs;");
    }

    @Test
    void windows1252BytesAreNamedWithTheirLineColumnAndReading() {
        byte[] bytes = "make,model\nHonda,Civic\nCitro\u00ebn,C4\n".getBytes(Charset.forName("windows-1252"));

        assertThatThrownBy(() -> CsvTable.parse(bytes))
                .hasMessage("line 3, column 1: the file is not UTF-8: byte 0xEB (\u00eb in Windows-1252); save it as"
                        + " \"CSV UTF-8 (comma delimited)\"");
    }

    @Test
    void aBadByteInsideAQuotedFieldIsFoundInItsColumn() {
        byte[] bytes = "a,b,c\n1,\"caf\u00e9, cr\u00e8me\",3\n".getBytes(Charset.forName("windows-1252"));

        assertThatThrownBy(() -> CsvTable.parse(bytes))
                .hasMessageStartingWith("line 2, column 2: the file is not UTF-8");
    }

    @Test
    void aUtf16FileIsRefusedAsSuch() {
        byte[] bytes = "a,b\n".getBytes(StandardCharsets.UTF_16LE);
        byte[] withBom = new byte[bytes.length + 2];
        withBom[0] = (byte) 0xFF;
        withBom[1] = (byte) 0xFE;
        System.arraycopy(bytes, 0, withBom, 2, bytes.length);

        assertThatThrownBy(() -> CsvTable.parse(withBom)).hasMessageStartingWith("line 1: the file is UTF-16");
    }

    @Test
    void aQuoteInsideAnUnquotedFieldIsRefused() {
        assertThatThrownBy(() -> parse("a,b\nx,15\" wheel\n"))
                .hasMessage("line 2, column 2: a quote inside a field that does not start with one; quote the whole"
                        + " field and write the quote twice (\"\")");
    }

    @Test
    void textAfterAClosingQuoteIsRefused() {
        assertThatThrownBy(() -> parse("a,b\n\"x\"y,z\n"))
                .hasMessage("line 2, column 1: after a quoted field comes a comma or the end of the line, not 'y';"
                        + " a quote inside a field is written twice (\"\")");
    }

    @Test
    void aQuoteNeverClosedIsNamedWhereItOpens() {
        assertThatThrownBy(() -> parse("a,b\nx,\"open\nand on\n"))
                .hasMessage("line 2, column 2: the quoted field that starts here is never closed");
    }

    @Test
    void aDecimalCommaThatSplitsARowIsNamed() {
        assertThatThrownBy(() -> parse("type,capacity_litres,capacity_us_quarts\nengine_oil,4,2,4.4\n"))
                .hasMessage("line 2: the row has 4 fields, the header 3; a number written with a decimal comma (4,2)"
                        + " splits into two fields: write it with a dot (4.2)");
    }

    @Test
    void aShortRowIsRefused() {
        assertThatThrownBy(() -> parse("a,b,c\nx,y\n")).hasMessage("line 2: the row has 2 fields, the header 3");
    }

    @Test
    void anEmptyFileIsRefused() {
        assertThatThrownBy(() -> parse("\n\n"))
                .hasMessage("line 1: the file is empty; a CSV file starts with its header row");
    }

    private static CsvTable parse(String text) {
        return CsvTable.parse(text.getBytes(StandardCharsets.UTF_8));
    }
}
