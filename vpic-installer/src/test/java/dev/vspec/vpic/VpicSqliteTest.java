package dev.vspec.vpic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the installer asks of a vPIC SQLite file, on tiny files made here. */
class VpicSqliteTest {

    @TempDir
    Path temp;

    @Test
    void aFileLackingTablesOrColumnsIsRefusedNamingAllItLacks() throws SQLException {
        Path file = sqlite("partial.db", """
                CREATE TABLE Wmi (Id INTEGER, Wmi TEXT, ManufacturerId INTEGER, MakeId INTEGER, VehicleTypeId INTEGER,
                  CountryId INTEGER, PublicAvailabilityDate TEXT, ProcessedOn TEXT);
                CREATE TABLE Element (Id INTEGER, Name TEXT, Code TEXT, LookupTable TEXT, DataType TEXT, Decode TEXT,
                  weight INTEGER, IsPrivate INTEGER);
                INSERT INTO Element VALUES (5, 'Body Class', 'BodyClass', 'BodyStyle', 'lookup', NULL, 1, 0);
                CREATE TABLE BodyStyle (Id INTEGER, Label TEXT);
                """);

        try (VpicSqlite vpic = VpicSqlite.open(file)) {
            assertThatThrownBy(vpic::tables)
                    .isInstanceOf(VpicInstallFailed.class)
                    .hasMessageStartingWith("partial.db is not a vPIC release vspec can install: it lacks ")
                    .hasMessageContaining(
                            "column Wmi.TruckTypeId, table Wmi_Make, table Wmi_VinSchema, table VinSchema,"
                                    + " table Pattern")
                    .hasMessageContaining("table Conversion, column BodyStyle.Name");
        }
    }

    @Test
    void lookupTablesAreThoseElementsNameAndTheFileHas() throws SQLException {
        Path file = sqlite("complete.db", completeRelease() + """
                INSERT INTO Element VALUES (5, 'Body Class', 'BodyClass', 'BodyStyle', 'lookup', NULL, 1, 0);
                INSERT INTO Element VALUES (26, 'Make', 'Make', 'Make', 'lookup', NULL, 1, 0);
                INSERT INTO Element VALUES (9, 'Engine Number of Cylinders', 'EngineCylinders', NULL, 'int', NULL, 1, 0);
                INSERT INTO Element VALUES (99, 'Custom', 'Custom', 'NotInThisFile', 'lookup', NULL, 1, 0);
                CREATE TABLE bodystyle (Id INTEGER, Name TEXT);
                """);

        try (VpicSqlite vpic = VpicSqlite.open(file)) {
            assertThat(vpic.tables())
                    .filteredOn(table -> table.target().equals("lookup"))
                    .singleElement()
                    .satisfies(lookup -> {
                        assertThat(lookup.source()).isEqualTo("bodystyle");
                        assertThat(lookup.columns().get(0).expression()).isEqualTo("'BodyStyle'");
                    });
            assertThat(vpic.tables()).hasSize(VpicLayout.TABLES.size() + 1);
        }
    }

    @Test
    void theDataIsDatedByTheNewestProcessedWmiElseByTheNewestPattern() throws SQLException {
        Path processed = sqlite("processed.db", completeRelease() + """
                INSERT INTO Wmi (Id, Wmi, ProcessedOn) VALUES (1, '1HG', '2025-12-20 03:30:44.857000'),
                  (2, '19X', '2026-02-17 18:30:59.130000'), (3, '2HG', NULL);
                INSERT INTO Pattern (Id, CreatedOn, UpdatedOn) VALUES (1, '2015-01-01 00:00:00', '2026-03-12T04:06:32.436Z');
                """);
        Path unprocessed = sqlite("unprocessed.db", completeRelease() + """
                INSERT INTO Pattern (Id, CreatedOn, UpdatedOn) VALUES (1, '2015-01-01 00:00:00', '2026-03-12T04:06:32.436Z'),
                  (2, '2016-03-02 16:47:05.727000', NULL);
                """);

        try (VpicSqlite vpic = VpicSqlite.open(processed)) {
            assertThat(vpic.dataDate()).isEqualTo(LocalDate.of(2026, 2, 17));
        }
        try (VpicSqlite vpic = VpicSqlite.open(unprocessed)) {
            assertThat(vpic.dataDate()).isEqualTo(LocalDate.of(2026, 3, 12));
        }
    }

    @Test
    void aFileThatIsNoSqliteIsRefused() throws Exception {
        Path file = Files.writeString(temp.resolve("vpic.lite.db"), "not a database, just text ".repeat(100));

        assertThatThrownBy(() -> {
                    try (VpicSqlite vpic = VpicSqlite.open(file)) {
                        vpic.tables();
                    }
                })
                .isInstanceOf(VpicInstallFailed.class)
                .hasMessageContaining("vpic.lite.db");
    }

    /** Every table and column the layout reads, empty, with VinSchema's optional notes left out. */
    private static String completeRelease() {
        return """
                CREATE TABLE Wmi (Id INTEGER, Wmi TEXT, ManufacturerId INTEGER, MakeId INTEGER, VehicleTypeId INTEGER,
                  TruckTypeId INTEGER, CountryId INTEGER, PublicAvailabilityDate TEXT, ProcessedOn TEXT);
                CREATE TABLE Wmi_Make (WmiId INTEGER, MakeId INTEGER);
                CREATE TABLE Wmi_VinSchema (Id INTEGER, WmiId INTEGER, VinSchemaId INTEGER, YearFrom INTEGER, YearTo INTEGER);
                CREATE TABLE VinSchema (Id INTEGER, Name TEXT, TobeQCed INTEGER);
                CREATE TABLE Pattern (Id INTEGER, VinSchemaId INTEGER, Keys TEXT, ElementId INTEGER, AttributeId TEXT,
                  CreatedOn TEXT, UpdatedOn TEXT);
                CREATE TABLE Element (Id INTEGER, Name TEXT, Code TEXT, LookupTable TEXT, DataType TEXT, Decode TEXT,
                  weight INTEGER, IsPrivate INTEGER);
                CREATE TABLE EngineModel (Id INTEGER, Name TEXT);
                CREATE TABLE EngineModelPattern (Id INTEGER, EngineModelId INTEGER, ElementId INTEGER, AttributeId TEXT,
                  CreatedOn TEXT, UpdatedOn TEXT);
                CREATE TABLE Make (Id INTEGER, Name TEXT);
                CREATE TABLE Model (Id INTEGER, Name TEXT);
                CREATE TABLE Make_Model (Id INTEGER, MakeId INTEGER, ModelId INTEGER);
                CREATE TABLE Manufacturer (Id INTEGER, Name TEXT);
                CREATE TABLE Conversion (Id INTEGER, FromElementId INTEGER, ToElementId INTEGER, Formula TEXT);
                """;
    }

    private Path sqlite(String name, String script) throws SQLException {
        Path file = temp.resolve(name);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            for (String sql : script.split(";")) {
                if (!sql.isBlank()) {
                    statement.execute(sql);
                }
            }
        }
        return file;
    }
}
