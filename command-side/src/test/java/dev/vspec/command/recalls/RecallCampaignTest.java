package dev.vspec.command.recalls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.command.AddressedCommandTargetResolver;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.contracts.recalls.RecallRecorded;
import dev.vspec.contracts.recalls.RecallSource;
import dev.vspec.contracts.recalls.RecordRecalls;
import java.time.LocalDate;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RecallCampaignTest {

    private static final String CAMPAIGN = "23V283000";
    private static final RecallSource SEPTEMBER =
            new RecallSource("FLAT_RCL_POST_2010.txt", "a".repeat(64), LocalDate.of(2026, 9, 26));
    private static final RecallSource OCTOBER =
            new RecallSource("FLAT_RCL_POST_2010.txt", "b".repeat(64), LocalDate.of(2026, 10, 30));
    private static final Recall RANGER = recall("RANGER", "Dealers will replace the lug nuts.");
    private static final Recall BRONCO = recall("BRONCO", "Dealers will replace the lug nuts.");

    private AggregateTestFixture<RecallCampaign> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(RecallCampaign.class);
        fixture.registerCommandTargetResolver(new AddressedCommandTargetResolver());
    }

    @Test
    void aNewCampaignRecordsEachOfItsRecords() {
        fixture.givenNoPriorActivity()
                .when(new RecordRecalls(CAMPAIGN, List.of(RANGER, BRONCO), SEPTEMBER))
                .expectEvents(
                        new RecallRecorded(CAMPAIGN, RANGER, SEPTEMBER),
                        new RecallRecorded(CAMPAIGN, BRONCO, SEPTEMBER))
                .expectResultMessagePayloadMatching(changes(2, 0, 0));
    }

    @Test
    void aNewerFileSayingTheSameRecordsNothing() {
        fixture.given(new RecallRecorded(CAMPAIGN, RANGER, SEPTEMBER))
                .when(new RecordRecalls(CAMPAIGN, List.of(RANGER), OCTOBER))
                .expectNoEvents()
                .expectResultMessagePayloadMatching(changes(0, 0, 1));
    }

    @Test
    void aChangedRemedyIsRecordedAndARecordTheFileNoLongerListsStays() {
        Recall newRemedy = recall("RANGER", "Dealers will replace the wheel studs and lug nuts.");
        fixture.given(new RecallRecorded(CAMPAIGN, RANGER, SEPTEMBER), new RecallRecorded(CAMPAIGN, BRONCO, SEPTEMBER))
                .when(new RecordRecalls(CAMPAIGN, List.of(newRemedy), OCTOBER))
                .expectEvents(new RecallRecorded(CAMPAIGN, newRemedy, OCTOBER))
                .expectResultMessagePayloadMatching(changes(0, 1, 0));
    }

    @Test
    void aCommandRefusesWhatIsNotACampaignNumber() {
        assertThatThrownBy(() -> new RecordRecalls("RECALL-1", List.of(RANGER), SEPTEMBER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'RECALL-1' is not an NHTSA campaign number");
        assertThat(new RecordRecalls("21V00H000", List.of(RANGER), SEPTEMBER).targetAggregateId())
                .isEqualTo("21V00H000");
    }

    private static Matcher<RecallChanges> changes(int added, int changed, int unchanged) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(RecallChanges item) {
                return item.added() == added && item.changed() == changed && item.unchanged() == unchanged;
            }

            @Override
            public void describeTo(Description description) {
                description.appendText(added + " added, " + changed + " changed, " + unchanged + " unchanged");
            }
        };
    }

    private static Recall recall(String model, String remedy) {
        return new Recall(
                "FORD",
                model,
                2023,
                "WHEELS:LUGS/NUTS/BOLTS/STUDS",
                "vehicle",
                "Ford Motor Company",
                "23S22",
                LocalDate.of(2022, 11, 1),
                LocalDate.of(2023, 3, 31),
                1_200L,
                LocalDate.of(2023, 4, 20),
                LocalDate.of(2023, 6, 5),
                "MFR",
                "The lug nuts may loosen.",
                "A wheel may separate from the vehicle.",
                remedy,
                null,
                "000041234000212345000000343",
                null,
                null,
                true,
                null);
    }
}
