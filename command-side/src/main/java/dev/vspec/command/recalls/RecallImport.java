package dev.vspec.command.recalls;

import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallMatching;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.contracts.recalls.RecordRecalls;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Sends one checked recalls file through the {@link RecallCampaign} aggregates, streaming: rows of one campaign
 * that follow each other become one command, and commands go in units of about {@value #UNIT_RECORDS} records, one
 * transaction each, so memory holds one unit whatever the file's size. A row repeated but for its RECORD_ID is
 * counted, not sent; a row without campaign, make, model or component is counted as incomplete.
 */
public final class RecallImport {

    static final int UNIT_RECORDS = 500;

    private final CatalogCommandSide commandSide;
    private final LongConsumer progress;
    private final Tally tally = new Tally();
    private final List<RecordRecalls> unit = new ArrayList<>();
    private int unitRecords;
    private RecallSource source;
    private String campaign;
    private final List<Recall> campaignRecords = new ArrayList<>();

    private RecallImport(CatalogCommandSide commandSide, LongConsumer progress) {
        this.commandSide = commandSide;
        this.progress = progress;
    }

    /**
     * Imports the file; {@code progress} is told the rows read so far, now and then.
     *
     * @throws RuntimeException the database's failure: the units before it are stored whole, the one it met is not,
     *     and importing the same file again completes it
     */
    public static Tally run(RecallFile.Checked file, CatalogCommandSide commandSide, LongConsumer progress)
            throws IOException {
        RecallImport run = new RecallImport(commandSide, progress);
        run.source = new RecallSource(
                file.file().getFileName().toString(),
                file.sha256(),
                file.dataDate().orElse(null));
        file.forEachRow(run::read);
        run.endCampaign();
        run.sendUnit();
        return run.tally;
    }

    private void read(RecallRow row) {
        tally.rows++;
        if (row.repeated()) {
            tally.repeated++;
        } else if (!row.isComplete()) {
            tally.incomplete++;
        } else {
            take(row);
        }
        if (tally.rows % UNIT_RECORDS == 0) {
            progress.accept(tally.rows);
        }
    }

    private void take(RecallRow row) {
        if (!row.campaignNumber().equals(campaign)) {
            endCampaign();
            campaign = row.campaignNumber();
        }
        Recall recall = row.toRecall();
        campaignRecords.add(recall);
        tally.byType.merge(
                row.recordType() == null ? "unknown" : row.recordType().apiName(), 1L, Long::sum);
        if (row.recordType() == RecordType.VEHICLE && row.modelYear() != null) {
            tally.vehicleNames.computeIfAbsent(
                            RecallMatching.vehicleKey(row.make(), row.model()),
                            key -> new VehicleName(row.make(), row.model(), row.line()))
                    .rows++;
        }
    }

    private void endCampaign() {
        if (campaignRecords.isEmpty()) {
            return;
        }
        unit.add(new RecordRecalls(campaign, campaignRecords, source));
        unitRecords += campaignRecords.size();
        campaignRecords.clear();
        if (unitRecords >= UNIT_RECORDS) {
            sendUnit();
        }
    }

    private void sendUnit() {
        if (unit.isEmpty()) {
            return;
        }
        for (RecallChanges changes : commandSide.recordRecalls(unit)) {
            tally.added += changes.added();
            tally.changed += changes.changed();
            tally.unchanged += changes.unchanged();
        }
        tally.campaigns += unit.size();
        unit.clear();
        unitRecords = 0;
    }

    /** A vehicle make and model as the file first wrote it, where, and on how many rows. */
    public static final class VehicleName {

        private final String make;
        private final String model;
        private final int firstLine;
        private long rows;

        VehicleName(String make, String model, int firstLine) {
            this.make = make;
            this.model = model;
            this.firstLine = firstLine;
        }

        public String make() {
            return make;
        }

        public String model() {
            return model;
        }

        public int firstLine() {
            return firstLine;
        }

        public long rows() {
            return rows;
        }
    }

    /** What one file's import did. */
    public static final class Tally {

        private long rows;
        private long repeated;
        private long incomplete;
        private long added;
        private long changed;
        private long unchanged;
        private long campaigns;
        private final Map<String, Long> byType = new LinkedHashMap<>();
        private final Map<String, VehicleName> vehicleNames = new LinkedHashMap<>();

        public long rows() {
            return rows;
        }

        /** Rows that repeat an earlier one but for RECORD_ID: counted once. */
        public long repeated() {
            return repeated;
        }

        /** Rows without a campaign number, make, model or component: nothing to record. */
        public long incomplete() {
            return incomplete;
        }

        public long added() {
            return added;
        }

        public long changed() {
            return changed;
        }

        /** Records the campaigns held already, as the file states them. */
        public long unchanged() {
            return unchanged;
        }

        /** Commands sent: a campaign's consecutive rows are one. */
        public long campaignCommands() {
            return campaigns;
        }

        /** Records read per kind: {@code vehicle}, {@code equipment}, {@code tire}, {@code child_restraint}, ... */
        public Map<String, Long> byType() {
            return byType;
        }

        /** Each make and model of the vehicle rows with a model year, once per {@link RecallMatching} key pair. */
        public Map<String, VehicleName> vehicleNames() {
            return vehicleNames;
        }
    }
}
