package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.ConfigKey;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.VehicleNames;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link VehicleNames#make} over every make of the pinned vPIC release ({@code vpic-makes.tsv.gz}, made by
 * {@code tools/vpic/makes.py}): vPIC's decoder answers each in capitals, its Make table writes most in the
 * maker's case, and the rule is measured against those spellings.
 */
class VpicMakeNamesTest {

    /**
     * Makes of light vehicles whose internal capitals (or small letters) no rule can guess, and which are too
     * small to be exceptions: shown capitalised word by word.
     */
    private static final Set<String> SHOWN_OTHERWISE = Set.of(
            "CalMotors",
            "Costin sports car",
            "DeSoto Motors",
            "FortuneSport VES",
            "HummingbirdEV",
            "IEV CORPORATION / iEV",
            "Ives Motors Corporation (IMC)",
            "LA Exotics",
            "LondonCoach Inc",
            "OutAbout",
            "QuickLoadz",
            "StoutBilt",
            "TICO Manufacturing Division",
            "TransPower",
            "Truck Equipment Corporation(TEC)",
            "US Specialty Vehicles LLC",
            "eMa",
            "iEV",
            "mycar");

    private static final List<Make> MAKES = new ArrayList<>();

    record Make(String name, boolean light) {

        boolean spelledByVpic() {
            return !name.equals(name.toUpperCase(Locale.ROOT));
        }

        String folded() {
            return name.strip().replaceAll("\\s+", " ");
        }
    }

    @BeforeAll
    static void load() throws IOException {
        try (InputStream raw = VpicMakeNamesTest.class.getClassLoader().getResourceAsStream("vpic-makes.tsv.gz");
                BufferedReader lines =
                        new BufferedReader(new InputStreamReader(new GZIPInputStream(raw), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.startsWith("#")) {
                    String[] fields = line.split("\t");
                    MAKES.add(new Make(fields[0], fields[1].equals("1")));
                }
            }
        }
        assertThat(MAKES).hasSizeGreaterThan(12_000);
    }

    @Test
    void showsEveryMakeTheSameWhateverTheCaseItComesIn() {
        List<String> unstable = MAKES.stream()
                .map(Make::name)
                .filter(name -> {
                    String shown = VehicleNames.make(name);
                    return !VehicleNames.make(name.toUpperCase(Locale.ROOT)).equals(shown)
                            || !VehicleNames.make(name.toLowerCase(Locale.ROOT)).equals(shown)
                            || !VehicleNames.make(shown).equals(shown);
                })
                .toList();
        assertThat(unstable).isEmpty();
    }

    @Test
    void changesNoMakesKeyNorHowItMatches() {
        List<String> changed = MAKES.stream()
                .flatMap(make -> Stream.of(make.name(), make.name().toUpperCase(Locale.ROOT)))
                .filter(written -> {
                    String shown = VehicleNames.make(written);
                    return !ConfigKey.slug(shown).equals(ConfigKey.slug(written))
                            || !VehicleIdentifier.normalize(shown).equals(VehicleIdentifier.normalize(written));
                })
                .toList();
        assertThat(changed).isEmpty();
    }

    @Test
    void showsTheMakesOfLightVehiclesAsVpicSpellsThem() {
        List<String> otherwise = MAKES.stream()
                .filter(make -> make.light() && make.spelledByVpic())
                .filter(make ->
                        !VehicleNames.make(make.name().toUpperCase(Locale.ROOT)).equals(make.folded()))
                .map(Make::name)
                .toList();
        assertThat(otherwise).containsExactlyInAnyOrderElementsOf(SHOWN_OTHERWISE);
    }

    @Test
    void showsNineInTenOfTheMakesVpicSpellsAsVpicSpellsThem() {
        List<Make> spelled = MAKES.stream().filter(Make::spelledByVpic).toList();
        long same = spelled.stream()
                .filter(make ->
                        VehicleNames.make(make.name().toUpperCase(Locale.ROOT)).equals(make.folded()))
                .count();
        assertThat((double) same / spelled.size()).isGreaterThanOrEqualTo(0.9);
    }
}
