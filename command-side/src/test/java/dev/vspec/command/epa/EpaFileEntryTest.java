package dev.vspec.command.epa;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.epa.EpaEntryRecorded;
import dev.vspec.contracts.epa.EpaSource;
import dev.vspec.contracts.epa.RecordEpaEntry;
import dev.vspec.testing.EpaEntries;
import java.time.LocalDate;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An EPA entry stores its facts when they are new or changed, and nothing when a file says the same again. */
class EpaFileEntryTest {

    private static final EpaSource MARCH = EpaEntries.file("vehicles.csv", 'a', LocalDate.of(2026, 3, 2));
    private static final EpaSource SEPTEMBER = EpaEntries.file("vehicles.csv.zip", 'b', LocalDate.of(2026, 9, 18));

    private AggregateTestFixture<EpaFileEntry> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(EpaFileEntry.class);
        fixture.registerCommandTargetResolver(new AddressedCommandTargetResolver());
    }

    @Test
    void aNewEntryIsRecorded() {
        fixture.givenNoPriorActivity()
                .when(new RecordEpaEntry(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(26), MARCH))
                .expectEvents(new EpaEntryRecorded(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(26), MARCH))
                .expectResultMessagePayload(EpaChange.ADDED);
    }

    @Test
    void aNewerFileSayingTheSameRecordsNothing() {
        fixture.given(new EpaEntryRecorded(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(26), MARCH))
                .when(new RecordEpaEntry(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(26), SEPTEMBER))
                .expectNoEvents()
                .expectResultMessagePayload(EpaChange.UNCHANGED);
    }

    @Test
    void aChangedFactIsRecordedWithTheNewerFile() {
        fixture.given(new EpaEntryRecorded(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(26), MARCH))
                .when(new RecordEpaEntry(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(27), SEPTEMBER))
                .expectEvents(new EpaEntryRecorded(EpaEntries.ACCORD_SPORT, EpaEntries.accordSport(27), SEPTEMBER))
                .expectResultMessagePayload(EpaChange.CHANGED);
    }
}
