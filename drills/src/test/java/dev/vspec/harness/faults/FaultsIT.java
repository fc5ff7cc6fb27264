package dev.vspec.harness.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fault drill's short form ({@code tools/faults.sh --brief}): one command side, one projections
 * consumer, one query side and the gateway as separate processes, on a PostgreSQL cluster and a
 * broker of the drill's own, under load; each deployable killed with SIGKILL once, then PostgreSQL
 * crashed and the broker killed, each started again. Nothing may be lost, duplicated or answered
 * wrongly. Without PostgreSQL's server binaries the drill cannot run and this test fails saying so.
 */
class FaultsIT {

    private static final Logger log = LoggerFactory.getLogger(FaultsIT.class);

    @Test
    void killingEachPartInTurnLosesNothingAndAnswersNothingWrong() throws IOException {
        StringWriter output = new StringWriter();
        PrintWriter out = new PrintWriter(output, true);
        Report report = Drill.run(DrillSettings.brief(Path.of(System.getProperty("java.io.tmpdir"))), false, out);
        report.print(out);
        log.info("Fault drill, short form:\n{}", output);

        assertThat(report.topic().stored()).as("events stored").isPositive();
        assertThat(report.topic().records())
                .as("every stored event on the topic once")
                .isEqualTo(report.topic().stored());
        assertThat(report.enrichment().jobs()).as("jobs answered 202").isPositive();
        assertThat(report.enrichment().completed())
                .as("jobs completed")
                .isEqualTo(report.enrichment().jobs());
        assertThat(report.enrichment().quotaRefused())
                .as("the daily quota refused the keys' sixth and seventh VINs")
                .isPositive();
        assertThat(report.limits().mostAdmittedInAMinute()).isLessThanOrEqualTo((int) LimitAudit.PER_MINUTE);
        assertThat(report.tables().live())
                .isNotEmpty()
                .isEqualTo(report.tables().fromTopic())
                .isEqualTo(report.tables().fromStore());
        for (String window : report.windows()) {
            Map<String, Long> answers = report.statuses().get(window);
            assertThat(answers)
                    .as(window)
                    .containsKey("2xx")
                    .doesNotContainKeys("500", "refused", "no answer", "cut off");
        }
        assertThat(report.violations()).as(output.toString()).isEmpty();
    }
}
