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
        assertThat(accord.year()).isEqualTo(2018);
        assertThat(accord.make()).isEqualTo("Honda");
        assertThat(accord.model()).isEqualTo("Accord");
        assertThat(accord.baseModel()).isEqualTo("Accord");
        assertThat(accord.displacementL()).isEqualByComparingTo(new BigDecimal("2.0"));
        assertThat(accord.cylinders()).isEqualTo(4);
        assertThat(accord.driveClass()).isEqualTo(EpaDrive.FRONT);
        assertThat(accord.transmission()).isEqualTo("Automatic 10-spd");
        assertThat(accord.cityMpg()).isEqualTo(23);
        assertThat(accord.highwayMpg()).isEqualTo(34);
        assertThat(accord.combinedMpg()).isEqualTo(27);
        assertThat(accord.co2GramsPerMile()).isEqualTo(330);
        assertThat(accord.turbo()).isTrue();
        assertThat(accord.supercharger()).isFalse();
        assertThat(accord.startStop()).isFalse();
        assertThat(accord.cityMpgFuel2()).isNull();
        assertThat(accord.rangeMiles()).isNull();
        assertThat(accord.modifiedOn()).isEqualTo(LocalDate.of(2019, 3, 13));
    }

    @Test
    void anElectricVehicleHasNoEngineButARangeAndNoTailpipeCo2() throws IOException {
        EpaRow tesla = row(EpaFile.check(ORIGINAL), 43401);

        assertThat(tesla.model()).isEqualTo("Model 3 Long Range AWD");
        assertThat(tesla.displacementL()).isNull();
        assertThat(tesla.cylinders()).isNull();
        assertThat(tesla.fuelType()).isEqualTo("Electricity");
        assertThat(tesla.atvType()).isEqualTo("EV");
        assertThat(tesla.rangeMiles()).isEqualTo(353);
        assertThat(tesla.co2GramsPerMile()).isZero();
        assertThat(tesla.driveClass()).isEqualTo(EpaDrive.ALL);
    }

    @Test
    void aQuotedCommaAndTheOlderDriveWordsAreRead() throws IOException {
        EpaFile.Checked checked = EpaFile.check(ORIGINAL);

        EpaRow legacy = row(checked, 10000);
        assertThat(legacy.engineDescriptor()).isEqualTo("(FFS,TRBO)");
        assertThat(legacy.driveClass()).isEqualTo(EpaDrive.FOUR_OR_ALL);
        assertThat(legacy.driveClass().code()).isEqualTo("4WD/AWD");
        assertThat(legacy.startStop()).as("blank on old rows: unknown").isNull();
        EpaRow diesel = row(checked, 41113);
        assertThat(diesel.driveClass()).isEqualTo(EpaDrive.PART_TIME_FOUR);
        assertThat(diesel.fuelType()).isEqualTo("Diesel");
        assertThat(diesel.startStop()).isTrue();
    }

    @Test
    void theRequotedCopyReadsTheSameWay() throws IOException {
        EpaFile.Checked checked = EpaFile.check(REQUOTED);

        assertThat(checked.rows()).hasSize(161);
        assertThat(checked.anomalies().total()).isZero();
        EpaRow mustang = row(checked, 46341);
        assertThat(mustang.model()).isEqualTo("Mustang Convertible");
        assertThat(mustang.baseModel()).isEqualTo("Mustang");
        assertThat(mustang.displacementL()).isEqualByComparingTo(new BigDecimal("5.0"));
        assertThat(mustang.cylinders()).isEqualTo(8);
        assertThat(mustang.driveClass()).isEqualTo(EpaDrive.REAR);
        assertThat(mustang.transmission()).isEqualTo("Automatic (S10)");
        assertThat(mustang.engineDescriptor()).isNull();
        assertThat(mustang.cityMpg()).isEqualTo(15);
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
