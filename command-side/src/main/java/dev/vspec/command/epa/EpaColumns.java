package dev.vspec.command.epa;

import dev.vspec.command.catalog.CsvTable;
import dev.vspec.command.epa.EpaAnomalies.Kind;
import dev.vspec.contracts.epa.EpaVehicle;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The columns of a {@code vehicles.csv}, found by their header names (the EPA added {@code baseModel} in 2019 and may
 * add more), and the reading of one row into an {@link EpaRow}: a value the file's conventions say is not available
 * is null, one that breaks them is counted in the {@link EpaAnomalies} and read as unknown. A row without its id, year,
 * make or model cannot be read at all.
 */
final class EpaColumns {

    /** The columns a row cannot be read without. */
    static final List<String> REQUIRED = List.of("id", "year", "make", "model");

    private static final DateTimeFormatter MODIFIED_ON =
            DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss zzz yyyy", Locale.US);

    private final Map<String, Integer> index = new HashMap<>();
    private final String fileName;
    private final EpaAnomalies anomalies;

    private EpaColumns(List<String> header, String fileName, EpaAnomalies anomalies) {
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i), i);
        }
        this.fileName = fileName;
        this.anomalies = anomalies;
    }

    /** @throws EpaFileException when the header lacks a required column: this is not the EPA's file */
    static EpaColumns of(List<String> header, String fileName, EpaAnomalies anomalies) {
        EpaColumns columns = new EpaColumns(header, fileName, anomalies);
        List<String> missing = REQUIRED.stream()
                .filter(name -> !columns.index.containsKey(name))
                .toList();
        if (!missing.isEmpty()) {
            throw new EpaFileException(fileName + ": not the EPA's vehicles.csv: line 1 has no column "
                    + String.join(", ", missing) + " (fueleconomy.gov's file starts barrels08,barrelsA08,charge120,...)"
                    + "; nothing was imported");
        }
        return columns;
    }

    EpaRow read(CsvTable.Row row) {
        Cells cells = new Cells(row);
        String drive = cells.text("drive");
        if (drive == null) {
            anomalies.add(Kind.DRIVE_BLANK, cells.place(), "drive is blank");
        }
        EpaDrive driveClass = drive == null ? null : EpaDrive.of(drive).orElse(null);
        if (drive != null && driveClass == null) {
            anomalies.add(Kind.DRIVE_UNKNOWN, cells.place(), "drive '" + drive + "'");
        }
        String transmission = cells.text("trany");
        if (transmission == null) {
            anomalies.add(Kind.TRANSMISSION_BLANK, cells.place(), "trany is blank");
        }
        int id = cells.required("id", 1, Integer.MAX_VALUE);
        EpaVehicle vehicle = new EpaVehicle(
                cells.required("year", 1984, 2100),
                cells.requiredText("make"),
                cells.requiredText("model"),
                cells.text("baseModel"),
                cells.decimal("displ"),
                cells.integer("cylinders"),
                driveClass == null ? drive : driveClass.published(),
                transmission,
                cells.text("eng_dscr"),
                cells.text("VClass"),
                primaryFuel(cells),
                cells.text("fuelType2"),
                cells.text("atvType"),
                cells.positive("city08"),
                cells.positive("highway08"),
                cells.positive("comb08"),
                cells.positive("cityA08"),
                cells.positive("highwayA08"),
                cells.positive("combA08"),
                cells.grams("co2TailpipeGpm"),
                cells.positive("range"),
                cells.flag("tCharger", "T", null),
                cells.flag("sCharger", "S", null),
                cells.flag("startStop", "Y", "N"),
                cells.text("evMotor"),
                cells.date("modifiedOn"));
        return new EpaRow(row.line(), id, vehicle, driveClass, cells.text("trans_dscr"));
    }

    /** {@code fuelType1} ({@code Regular Gasoline}), else the short {@code fuelType} ({@code Regular}). */
    private static @Nullable String primaryFuel(Cells cells) {
        String fuel = cells.text("fuelType1");
        return fuel == null ? cells.text("fuelType") : fuel;
    }

    /** One row's cells by column name, each read as the file's conventions say. */
    private final class Cells {

        private final CsvTable.Row row;

        Cells(CsvTable.Row row) {
            this.row = row;
        }

        String place() {
            return "line " + row.line();
        }

        private String placeOf(String column) {
            return "line " + row.line() + ", column " + (index.get(column) + 1) + " (" + column + ")";
        }

        @Nullable
        String text(String column) {
            Integer at = index.get(column);
            if (at == null) {
                return null;
            }
            String value = row.fields().get(at).strip();
            return value.isEmpty() ? null : value;
        }

        String requiredText(String column) {
            String value = text(column);
            if (value == null) {
                throw refusal(column, "is blank");
            }
            return value;
        }

        int required(String column, int min, int max) {
            String value = requiredText(column);
            try {
                int number = Integer.parseInt(value);
                if (number >= min && number <= max) {
                    return number;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw refusal(column, "'" + value + "' is not " + (min == 1 ? "an id (a whole number)" : "a model year"));
        }

        private EpaFileException refusal(String column, String problem) {
            return new EpaFileException(fileName + ": " + placeOf(column) + ": " + problem + "; nothing was imported");
        }

        @Nullable
        BigDecimal decimal(String column) {
            String value = available(column);
            if (value == null) {
                return null;
            }
            try {
                return new BigDecimal(value);
            } catch (NumberFormatException e) {
                anomalies.add(Kind.NUMBER_INVALID, placeOf(column), "'" + value + "'");
                return null;
            }
        }

        @Nullable
        Integer integer(String column) {
            BigDecimal value = decimal(column);
            return value == null
                    ? null
                    : value.setScale(0, RoundingMode.HALF_UP).intValue();
        }

        /** A count that 0 or -1 leaves unused: an MPG of a fuel the vehicle lacks, the range of a car without one. */
        @Nullable
        Integer positive(String column) {
            Integer value = integer(column);
            return value == null || value <= 0 ? null : value;
        }

        /** Grams per mile, -1 meaning not available; 0 is an electric vehicle's. */
        @Nullable
        Integer grams(String column) {
            Integer value = integer(column);
            return value == null || value < 0 ? null : value;
        }

        /** Blank, {@code NA} (EPA's "not available"): null, {@code NA} counted. */
        private @Nullable String available(String column) {
            String value = text(column);
            if ("NA".equals(value)) {
                anomalies.add(Kind.NOT_AVAILABLE, placeOf(column), "NA");
                return null;
            }
            return value;
        }

        /** {@code yes} true; {@code no} (or blank where the column has no "no") false; blank otherwise unknown. */
        @Nullable
        Boolean flag(String column, String yes, @Nullable String no) {
            String value = text(column);
            if (value == null) {
                return no == null ? Boolean.FALSE : null;
            }
            if (value.equalsIgnoreCase(yes)) {
                return true;
            }
            if (value.equalsIgnoreCase(no)) {
                return false;
            }
            anomalies.add(Kind.FLAG_INVALID, placeOf(column), "'" + value + "'");
            return null;
        }

        @Nullable
        LocalDate date(String column) {
            String value = text(column);
            if (value == null) {
                return null;
            }
            try {
                return ZonedDateTime.parse(value, MODIFIED_ON).toLocalDate();
            } catch (DateTimeParseException e) {
                anomalies.add(Kind.DATE_INVALID, placeOf(column), "'" + value + "'");
                return null;
            }
        }
    }
}
