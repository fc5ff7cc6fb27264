package dev.vspec.command.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** When a campaign of a recalls file is news: after what was held, within a month of the file's own date. */
class RecallFilesTest {

    @Test
    void nothingOfTheFirstFileIsNews() {
        assertThat(RecallFiles.announceAfter(null, LocalDate.of(2026, 12, 6))).isNull();
    }

    @Test
    void aDailyFileAnnouncesWhatWasReportedSinceTheLastOne() {
        assertThat(RecallFiles.announceAfter(LocalDate.of(2026, 12, 5), LocalDate.of(2026, 12, 6)))
                .isEqualTo(LocalDate.of(2026, 12, 5));
        assertThat(RecallFiles.announceAfter(LocalDate.of(2026, 12, 5), null)).isEqualTo(LocalDate.of(2026, 12, 5));
    }

    /** The second file of a first import (POST_2010 after PRE_2010), or a refresh after months: its last month alone. */
    @Test
    void aFileFarNewerThanWhatWasHeldAnnouncesItsLastMonthAlone() {
        assertThat(RecallFiles.announceAfter(LocalDate.of(2010, 1, 4), LocalDate.of(2026, 12, 6)))
                .isEqualTo(LocalDate.of(2026, 11, 5));
    }
}
