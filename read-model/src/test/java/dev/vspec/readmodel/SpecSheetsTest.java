package dev.vspec.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.SpecItem;
import dev.vspec.contracts.epa.EpaSubject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A spec sheet merged fact by fact: an operator's file over a vendor over the EPA over vPIC. */
class SpecSheetsTest {

    private static final Provenance.SourceView OPERATOR =
            Provenance.view(FactSource.importFile("specs.csv", "5e0c3d9a"));
    private static final Provenance.SourceView EPA =
            Provenance.view(FactSource.epa("vehicles.csv", "2026-09-09", "7789770b"));
    private static final Provenance.SourceView VPIC = Provenance.view(FactSource.vpic("2026-02-17", "b8191107"));

    @Test
    void eachFactComesFromTheHighestSourceThatStatesItWithAllItsUnits() {
        List<SpecView> lines = new ArrayList<>();
        lines.addAll(SpecView.of(
                List.of(
                        new SpecItem("engine", "displacement", "2.0", "L"),
                        new SpecItem("engine", "power", "158", "hp")),
                OPERATOR));
        lines.addAll(SpecView.of(
                List.of(
                        new SpecItem("engine", "displacement", "1.996", "L"),
                        new SpecItem("engine", "displacement", "1996", "cc"),
                        new SpecItem("drivetrain", "drive_type", "FWD/Front-Wheel Drive", null),
                        new SpecItem("body", "doors", "4", null)),
                VPIC));
        lines.addAll(SpecView.of(
                List.of(
                        new SpecItem("drivetrain", "drive_type", "Front-Wheel Drive", null),
                        new SpecItem("transmission", "type", "CVT", null)),
                EPA));

        List<SpecView> merged = SpecSheets.merge(lines);

        assertThat(merged)
                .extracting(line -> line.fact() + "=" + line.value() + " " + line.unit() + " from "
                        + line.source().kind())
                .containsExactly(
                        "engine/displacement=2.0 L from import",
                        "engine/power=158 hp from import",
                        "drivetrain/drive_type=Front-Wheel Drive null from epa",
                        "body/doors=4 null from vpic",
                        "transmission/type=CVT null from epa");
    }

    @Test
    void aLineStoredWithoutASourceRanksAsAVendorsAboveTheEpa() {
        SpecView old = new SpecView("transmission", "type", "6-speed automatic", null, null);
        List<SpecView> epa = SpecView.of(List.of(new SpecItem("transmission", "type", "Automatic (S6)", null)), EPA);

        assertThat(SpecSheets.merge(List.of(old), epa)).containsExactly(old);
    }

    @Test
    void aSubjectsEngineComesFromItsSheetElseFromADerivedEngineCode() {
        List<SpecView> sheet = SpecView.of(
                List.of(
                        new SpecItem("engine", "displacement", "1498", "cc"),
                        new SpecItem("engine", "displacement", "1.5", "L"),
                        new SpecItem("engine", "electrification", "Strong HEV", null)),
                VPIC);

        EpaSubject fromSheet = EpaSubjects.of(2018, "HONDA", "Accord", "EX", "L15BE", "FWD", sheet);
        EpaSubject fromCode = EpaSubjects.of(2018, "HONDA", "Accord", "EX", "3.0l-v6-diesel", null, List.of());
        EpaSubject unknown = EpaSubjects.of(2018, "HONDA", "Accord", "EX", "K20C4", null, List.of());

        assertThat(fromSheet.displacementL()).isEqualByComparingTo("1.5");
        assertThat(fromSheet.cylinders()).isNull();
        assertThat(fromSheet.electrification()).isEqualTo("Strong HEV");
        assertThat(fromCode.displacementL()).isEqualTo(new BigDecimal("3.0"));
        assertThat(fromCode.cylinders()).isEqualTo(6);
        assertThat(unknown.displacementL()).isNull();
        assertThat(unknown.cylinders()).isNull();
    }
}
