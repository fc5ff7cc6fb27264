package dev.vspec.command.epa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The EPA's vehicles.csv read from the real samples, in the publisher's format and re-quoted, plain or zipped. */
class EpaFileTest {

    static final Path ORIGINAL = Path.of("src/test/resources/epa/epa-vehicles-sample-original-format.csv");
    static final Path REQUOTED = Path.of("src/test/resources/epa/epa-vehicles-sample.csv");

    @TempDir
    Path folder;

    @Test
    void thePublishersFormatIsReadWithEveryFactTyped() throws IOException {
        EpaFile.Checked checked = EpaFile.check(ORIGINAL);

        assertThat(checked.rows()).hasSize(48);
        assertThat(checked.sha256()).isEqualTo("2c9d8fa937c7bb1b0a9fbf87d66b99c9bca4b75a42a06e9d4a5f67f6ca05c8ad");
        assertThat(checked.dataDate()).contains(LocalDate.of(2023, 10, 19));
        assertThat(checked.anomalies().total()).isZero();
        EpaRow accord = row(checked, 39755);
        assertThat(accord.vehicle().year()).isEqualTo(2018);
        assertThat(accord.vehicle().make()).isEqualTo("Honda");
        assertThat(accord.vehicle().model()).isEqualTo("Accord");
        assertThat(accord.vehicle().baseModel()).isEqualTo("Accord");
        assertThat(accord.vehicle().displacementL()).isEqualByComparingTo(new BigDecimal("2.0"));
        assertThat(accord.vehicle().cylinders()).isEqualTo(4);
        assertThat(accord.driveClass()).isEqualTo(EpaDrive.FRONT);
        assertThat(accord.vehicle().transmission()).isEqualTo("Automatic 10-spd");
        assertThat(accord.vehicle().cityMpg()).isEqualTo(23);
        assertThat(accord.vehicle().highwayMpg()).isEqualTo(34);
        assertThat(accord.vehicle().combinedMpg()).isEqualTo(27);
        assertThat(accord.vehicle().co2GramsPerMile()).isEqualTo(330);
        assertThat(accord.vehicle().turbo()).isTrue();
        assertThat(accord.vehicle().supercharger()).isFalse();
        assertThat(accord.vehicle().startStop()).isFalse();
        assertThat(accord.vehicle().cityMpgSecondary()).isNull();
        assertThat(accord.vehicle().rangeMiles()).isNull();
        assertThat(accord.vehicle().modifiedOn()).isEqualTo(LocalDate.of(2019, 3, 13));
    }

    @Test
    void anElectricVehicleHasNoEngineButARangeAndNoTailpipeCo2() throws IOException {
        EpaRow tesla = row(EpaFile.check(ORIGINAL), 43401);

        assertThat(tesla.vehicle().model()).isEqualTo("Model 3 Long Range AWD");
        assertThat(tesla.vehicle().displacementL()).isNull();
        assertThat(tesla.vehicle().cylinders()).isNull();
        assertThat(tesla.vehicle().fuelType()).isEqualTo("Electricity");
        assertThat(tesla.vehicle().atvType()).isEqualTo("EV");
        assertThat(tesla.vehicle().rangeMiles()).isEqualTo(353);
        assertThat(tesla.vehicle().co2GramsPerMile()).isZero();
        assertThat(tesla.driveClass()).isEqualTo(EpaDrive.ALL);
    }

    @Test
    void aQuotedCommaAndTheOlderDriveWordsAreRead() throws IOException {
        EpaFile.Checked checked = EpaFile.check(ORIGINAL);

        EpaRow legacy = row(checked, 10000);
        assertThat(legacy.vehicle().engineDescriptor()).isEqualTo("(FFS,TRBO)");
        assertThat(legacy.driveClass()).isEqualTo(EpaDrive.FOUR_OR_ALL);
        assertThat(legacy.driveClass().code()).isEqualTo("4WD/AWD");
        assertThat(legacy.vehicle().startStop())
                .as("blank on old rows: unknown")
                .isNull();
        EpaRow diesel = row(checked, 41113);
        assertThat(diesel.driveClass()).isEqualTo(EpaDrive.PART_TIME_FOUR);
        assertThat(diesel.vehicle().fuelType()).isEqualTo("Diesel");
        assertThat(diesel.vehicle().startStop()).isTrue();
    }

    @Test
    void theRequotedCopyReadsTheSameWay() throws IOException {
        EpaFile.Checked checked = EpaFile.check(REQUOTED);

        assertThat(checked.rows()).hasSize(161);
        assertThat(checked.anomalies().total()).isZero();
        EpaRow mustang = row(checked, 46341);
        assertThat(mustang.vehicle().model()).isEqualTo("Mustang Convertible");
        assertThat(mustang.vehicle().baseModel()).isEqualTo("Mustang");
        assertThat(mustang.vehicle().displacementL()).isEqualByComparingTo(new BigDecimal("5.0"));
        assertThat(mustang.vehicle().cylinders()).isEqualTo(8);
        assertThat(mustang.driveClass()).isEqualTo(EpaDrive.REAR);
        assertThat(mustang.vehicle().transmission()).isEqualTo("Automatic (S10)");
        assertThat(mustang.vehicle().engineDescriptor()).isNull();
        assertThat(mustang.vehicle().cityMpg()).isEqualTo(15);
    }

    @Test
    void theZipAsPublishedGivesTheSameRowsUnderItsOwnDigest() throws IOException {
        Path zip = folder.resolve("vehicles.csv.zip");
        try (OutputStream file = Files.newOutputStream(zip);
                ZipOutputStream out = new ZipOutputStream(file)) {
            out.putNextEntry(new ZipEntry("vehicles.csv"));
            Files.copy(ORIGINAL, out);
            out.closeEntry();
        }

        EpaFile.Checked zipped = EpaFile.check(zip);

        assertThat(zipped.rows()).isEqualTo(EpaFile.check(ORIGINAL).rows());
        assertThat(zipped.sha256()).isNotEqualTo("2c9d8fa937c7bb1b0a9fbf87d66b99c9bca4b75a42a06e9d4a5f67f6ca05c8ad");
    }

    static EpaRow row(EpaFile.Checked checked, int epaId) {
        return checked.rows().stream()
                .filter(row -> row.epaId() == epaId)
                .findFirst()
                .orElseThrow();
    }
}
