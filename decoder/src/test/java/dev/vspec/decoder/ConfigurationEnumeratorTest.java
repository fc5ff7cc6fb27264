package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.ConfigurationEnumerator.Found;
import dev.vspec.decoder.ConfigurationEnumerator.Request;
import dev.vspec.decoder.ConfigurationEnumerator.Summary;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Enumerating the configurations vPIC's patterns identify, over real vPIC rows (the extract). */
class ConfigurationEnumeratorTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);
    private static final Set<VehicleType> LIGHT = EnumSet.of(VehicleType.CAR, VehicleType.MPV, VehicleType.TRUCK);

    private final VinDecoder decoder = new VinDecoder(VpicExtract.index(), NOW);
    private final ConfigurationEnumerator enumerator = new ConfigurationEnumerator(decoder, NOW);

    @Test
    void the2003HondasIncludeTheAccordExV6WithItsJ30A4() {
        List<Found> found = enumerate(new Request(2003, 2003, Set.of("honda"), LIGHT));

        assertThat(found).extracting(f -> f.identity().configKey()).contains("2003-honda-accord-ex-v6-j30a4");
        assertThat(found).extracting(f -> f.identity().model()).contains("Accord", "Civic");
        assertThat(found)
                .allSatisfy(f -> assertThat(f.identity().year()).isEqualTo(2003))
                .allSatisfy(f -> assertThat(f.identity().make()).isEqualTo("HONDA"));
    }

    @Test
    void everyVinDecodesToTheConfigurationItWasFoundForAndEachConfigurationComesOnce() {
        List<Found> found = enumerate(new Request(2019, 2023, Set.of(), LIGHT));

        assertThat(found).hasSizeGreaterThan(20);
        assertThat(found).extracting(f -> f.identity().configKey()).doesNotHaveDuplicates();
        for (Found f : found) {
            Vin vin = Vin.parse(f.vin());
            assertThat(vin.hasValidCheckDigit()).as(f.vin()).isTrue();
            assertThat(f.vin().charAt(9))
                    .as(f.vin())
                    .isEqualTo(ModelYears.code(f.identity().year()));
            VinDecoding again = decoder.decode(vin);
            assertThat(CatalogIdentity.of(again)).as(f.vin()).contains(f.identity());
            // clean (0), at most with positions no pattern uses (14): no check digit or character error
            assertThat(again.nhtsaErrorCodes())
                    .as(f.vin() + " " + again.warnings())
                    .contains(0)
                    .isSubsetOf(0, 14);
        }
    }

    @Test
    void theSameRequestGivesTheSameVinsInTheSameOrder() {
        Request request = new Request(2019, 2020, Set.of("Honda", "Toyota", "Ford"), LIGHT);

        List<String> first = enumerate(request).stream().map(Found::vin).toList();
        List<String> second = new ArrayList<>();
        new ConfigurationEnumerator(new VinDecoder(VpicExtract.index(), NOW), NOW)
                .enumerate(request, found -> second.add(found.vin()), (done, total, configurations) -> {});

        assertThat(first).isNotEmpty().isEqualTo(second);
    }

    @Test
    void onlyTheYearsMakesAndVehicleTypesAskedForAreFound() {
        List<Found> teslas = enumerate(new Request(2019, 2019, Set.of("TESLA"), LIGHT));
        List<Found> motorcycles = enumerate(new Request(2019, 2023, Set.of(), EnumSet.of(VehicleType.MOTORCYCLE)));

        assertThat(teslas).isNotEmpty().allSatisfy(f -> {
            assertThat(f.identity().make()).isEqualTo("TESLA");
            assertThat(f.identity().year()).isEqualTo(2019);
            assertThat(f.identity().engineCode()).isEqualTo("electric");
        });
        assertThat(motorcycles)
                .isNotEmpty()
                .allSatisfy(f -> assertThat(f.decoding().vehicleType()).isEqualTo("MOTORCYCLE"))
                .allSatisfy(f -> assertThat(f.vin()).startsWith("JH2"));
        assertThat(enumerate(new Request(2019, 2023, Set.of("HONDA"), LIGHT)))
                .noneSatisfy(f -> assertThat(f.vin()).startsWith("JH2"));
    }

    @Test
    void theSummaryCountsWhatWasTriedAndSaysWhenTheBoundCutCombinations() {
        Summary unbounded =
                enumerator.enumerate(new Request(2019, 2019, Set.of("FORD"), LIGHT), f -> {}, (d, t, c) -> {});
        Summary bounded = new ConfigurationEnumerator(decoder, NOW, 2)
                .enumerate(new Request(2019, 2019, Set.of("FORD"), LIGHT), f -> {}, (d, t, c) -> {});

        assertThat(unbounded.cappedModelKeys()).isZero();
        assertThat(unbounded.vinsDecoded())
                .isGreaterThanOrEqualTo(unbounded.configurations()
                        + unbounded.withoutModel()
                        + unbounded.withoutEngineCode()
                        + unbounded.otherMake());
        assertThat(unbounded.configurations()).isPositive();
        assertThat(bounded.cappedModelKeys()).isPositive();
        assertThat(bounded.vinsDecoded()).isLessThan(unbounded.vinsDecoded());
    }

    @Test
    void refusesYearsOutOfOrderOrOutOfRange() {
        assertThatThrownBy(() -> new Request(2025, 2015, Set.of(), LIGHT))
                .hasMessageContaining("write the earlier year first (2015-2025)");
        assertThatThrownBy(
                        () -> enumerator.enumerate(new Request(2015, 2030, Set.of(), LIGHT), f -> {}, (d, t, c) -> {}))
                .hasMessage("model years run from 1981 to 2028; got 2015-2030");
        assertThat(enumerator.makes(LIGHT)).contains("HONDA", "TOYOTA", "TESLA").doesNotContain("Honda");
    }

    private List<Found> enumerate(Request request) {
        List<Found> found = new ArrayList<>();
        enumerator.enumerate(request, found::add, (done, total, configurations) -> {});
        return found;
    }
}
