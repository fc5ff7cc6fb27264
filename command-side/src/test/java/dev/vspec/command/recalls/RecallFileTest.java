package dev.vspec.command.recalls;

import static dev.vspec.command.recalls.RecallSamples.CURRENT;
import static dev.vspec.command.recalls.RecallSamples.FIELDS_24;
import static dev.vspec.command.recalls.RecallSamples.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real samples read as NHTSA's dictionary describes their fields, row by row in file order. */
class RecallFileTest {

    @Test
    void theCurrentSampleIsTheLayoutOf29FieldsWith56Rows() throws IOException {
        RecallFile.Checked checked = RecallFile.check(CURRENT);

        assertThat(checked.layout()).isEqualTo(RecallLayout.FIELDS_29);
        assertThat(checked.rows()).isEqualTo(56);
        assertThat(checked.sha256()).isEqualTo("95ea21e5b4b4ed2a500e653b7679f4a47cc91ecb2abc298222691a3dcbe869de");
        assertThat(rows(checked)).extracting(RecallRow::line).containsExactlyElementsOf(lineNumbers(56));
    }

    @Test
    void theDataDateIsTheNewestReportReceived() throws IOException {
        assertThat(RecallFile.check(CURRENT).dataDate()).contains(LocalDate.of(2025, 8, 28));
        assertThat(RecallFile.check(FIELDS_24).dataDate()).contains(LocalDate.of(2006, 2, 28));
    }

    @Test
    void theFordRangerOf23V283000IsNotToBeDriven() throws IOException {
        RecallRow ranger = rows(CURRENT).get(53);

        assertThat(ranger.line()).isEqualTo(54);
        assertThat(ranger.campaignNumber()).isEqualTo("23V283000");
        assertThat(ranger.make()).isEqualTo("FORD");
        assertThat(ranger.model()).isEqualTo("RANGER");
        assertThat(ranger.modelYear()).isEqualTo(2023);
        assertThat(ranger.manufacturerCampaignNumber()).isEqualTo("23S17");
        assertThat(ranger.component()).isEqualTo("WHEELS:LUGS/NUTS/BOLTS/STUDS");
        assertThat(ranger.recordType()).isEqualTo(RecordType.VEHICLE);
        assertThat(ranger.potentiallyAffected()).isEqualTo(1434L);
        assertThat(ranger.ownersNotified()).isEqualTo(LocalDate.of(2023, 5, 2));
        assertThat(ranger.initiatedBy()).isEqualTo("MFR");
        assertThat(ranger.reportReceived()).isEqualTo(LocalDate.of(2023, 4, 20));
        assertThat(ranger.recordCreated()).isEqualTo(LocalDate.of(2023, 4, 21));
        assertThat(ranger.manufacturedFrom()).isNull();
        assertThat(ranger.defect()).startsWith("Ford Motor Company (Ford) is recalling certain 2023 Bronco and Ranger");
        assertThat(ranger.remedy()).startsWith("Owners are advised not to drive their vehicles until the remedy");
        assertThat(ranger.componentId()).isEqualTo("000125075005543792000000312");
        assertThat(ranger.manufacturerComponentName()).isEqualTo("Lug Nut");
        assertThat(ranger.manufacturerComponentDescription()).isEqualTo("Wheel Lug Nut");
        assertThat(ranger.manufacturerComponentPartNumber()).isEqualTo("ACPZ-1012-H");
        assertThat(ranger.doNotDrive()).isTrue();
        assertThat(ranger.parkOutside()).isFalse();
        assertThat(ranger.naturalKey()).isEqualTo("23V283000\tFORD\tRANGER\t2023\tWHEELS:LUGS/NUTS/BOLTS/STUDS");
    }

    @Test
    void the2018AccordOf18V629000ComesOncePerComponent() throws IOException {
        List<RecallRow> accords = rows(CURRENT).stream()
                .filter(row -> row.campaignNumber().equals("18V629000"))
                .toList();

        assertThat(accords)
                .extracting(RecallRow::line, RecallRow::make, RecallRow::model, RecallRow::modelYear)
                .containsExactly(tuple(44, "HONDA", "ACCORD", 2018), tuple(45, "HONDA", "ACCORD", 2018));
        assertThat(accords)
                .extracting(RecallRow::component)
                .containsExactly("BACK OVER PREVENTION: SENSING SYSTEM: CAMERA", "VISIBILITY:REARVIEW MIRRORS/DEVICES");
        assertThat(accords).extracting(RecallRow::naturalKey).doesNotHaveDuplicates();
        assertThat(accords).noneMatch(RecallRow::repeated);
        assertThat(accords.get(0).fmvss()).isEqualTo("111");
        assertThat(accords.get(0).manufacturedFrom()).isEqualTo(LocalDate.of(2016, 11, 17));
        assertThat(accords.get(0).manufacturedTo()).isEqualTo(LocalDate.of(2018, 9, 4));
    }

    @Test
    void a1966RowKeepsItsWholeTextInNotes() throws IOException {
        RecallRow valiant = rows(CURRENT).get(0);

        assertThat(valiant.campaignNumber()).isEqualTo("66V008002");
        assertThat(valiant.defect()).isNull();
        assertThat(valiant.consequence()).isNull();
        assertThat(valiant.remedy()).isNull();
        assertThat(valiant.notes())
                .startsWith("DOOR LATCH STRIKER ASSEMBLIES MAY HAVE A BRITTLE STRIKER SLEEVE")
                .endsWith("(REPLACE DOOR LATCH STRIKER ASSEMBLIES.)");
        assertThat(valiant.manufacturerCampaignNumber()).isNull();
        assertThat(valiant.manufacturedFrom()).isNull();
        assertThat(valiant.manufacturerComponentName()).isNull();
        assertThat(valiant.recalledManufacturer()).isEqualTo("Chrysler (FCA US, LLC)");
        assertThat(valiant.recordCreated()).isEqualTo(LocalDate.of(1979, 10, 12));
        assertThat(valiant.doNotDrive()).isFalse();
    }

    @Test
    void anUnknownModelYearIsNullAndKeyedAs9999() throws IOException {
        RecallRow rollsRoyce = rows(CURRENT).get(4);

        assertThat(rollsRoyce.modelYear()).isNull();
        assertThat(rollsRoyce.naturalKey())
                .isEqualTo("66V005002\tROLLS-ROYCE\tSILVER SHADOW\t9999\tSERVICE BRAKES, HYDRAULIC:FOUNDATION"
                        + " COMPONENTS:HOSES, LINES/PIPING, AND FITTINGS");
    }

    @Test
    void aFieldThatStartsWithAQuoteIsTextNotQuoting() throws IOException {
        RecallRow tiguan = rows(CURRENT).get(50);

        assertThat(tiguan.campaignNumber()).isEqualTo("22V176000");
        assertThat(tiguan.manufacturerComponentPartNumber())
                .isEqualTo("\"5QN 505 435A/436A for Tiguan and5QM 505 435C/436C for Taos");
        assertThat(tiguan.doNotDrive()).isFalse();
    }

    @Test
    void equipmentTireAndChildRestraintRowsAreTyped() throws IOException {
        assertThat(rows(CURRENT))
                .extracting(RecallRow::recordType)
                .containsOnly(RecordType.VEHICLE, RecordType.EQUIPMENT, RecordType.TIRE, RecordType.CHILD_RESTRAINT);
        assertThat(rows(CURRENT).get(46).recordType()).isEqualTo(RecordType.CHILD_RESTRAINT);
    }

    @Test
    void the2014SampleIsThe24FieldLayoutWithoutAdvisories() throws IOException {
        RecallFile.Checked checked = RecallFile.check(FIELDS_24);
        List<RecallRow> rows = rows(checked);

        assertThat(checked.layout()).isEqualTo(RecallLayout.FIELDS_24);
        assertThat(checked.sha256()).isEqualTo("ae64b1e1f3bf72992c5a513d979143271c9c38ef705ea0d4fd033204c62d2a55");
        assertThat(rows).hasSize(100);
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.doNotDrive()).isNull();
            assertThat(row.parkOutside()).isNull();
            assertThat(row.manufacturerComponentName()).isNull();
            assertThat(row.manufacturerComponentPartNumber()).isNull();
            assertThat(row.componentId()).hasSize(27);
        });
        RecallRow focus = rows.get(0);
        assertThat(focus.campaignNumber()).isEqualTo("02V288000");
        assertThat(focus.model()).isEqualTo("FOCUS");
        assertThat(focus.modelYear()).isEqualTo(2001);
        assertThat(focus.initiatedBy()).isEqualTo("ODI");
        assertThat(focus.manufacturedFrom()).isEqualTo(LocalDate.of(1999, 7, 19));
    }

    @Test
    void lfEndingsAndALastLineWithoutOneGiveTheSameRows(@TempDir Path folder) throws IOException {
        Path lf = Files.writeString(
                folder.resolve("lf.txt"),
                Files.readString(CURRENT).replace("\r\n", "\n").stripTrailing());

        assertThat(rows(lf)).isEqualTo(rows(CURRENT));
    }

    private static List<Integer> lineNumbers(int count) {
        return IntStream.rangeClosed(1, count).boxed().toList();
    }
}
