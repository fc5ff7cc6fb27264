package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.identity.Vin;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The identity and config_key a decoded VIN names, over real vPIC rows (the extract). */
class CatalogIdentityTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);
    private final VinDecoder decoder = new VinDecoder(VpicExtract.index(), NOW);

    @Test
    void aDecodedVinNamesItsConfiguration() {
        CatalogIdentity accord = CatalogIdentity.of(decoder.decode(Vin.parse("1HGCM82633A004352")))
                .orElseThrow();

        assertThat(accord).isEqualTo(new CatalogIdentity(2003, "HONDA", "Accord", "EX-V6", "J30A4", null));
        assertThat(accord.configKey()).isEqualTo("2003-honda-accord-ex-v6-j30a4");
        assertThat(accord.label()).isEqualTo("2003 HONDA Accord EX-V6 J30A4");
    }

    @Test
    void withoutATrimOrSeriesTheTrimIsBaseAndAnElectricVehicleKeysAsElectric() {
        VinDecoding model3 = decoder.decode(Vin.parse("5YJ3E1EA2KF317000"));

        CatalogIdentity identity = CatalogIdentity.of(model3).orElseThrow();

        assertThat(identity.trim())
                .isEqualTo(model3.series() != null ? model3.series().strip() : CatalogIdentity.NO_TRIM);
        assertThat(identity.engineCode()).isEqualTo("electric");
        assertThat(identity.configKey())
                .startsWith("2019-tesla-model-3-")
                .endsWith("-electric"
                        + (identity.drivetrain() == null
                                ? ""
                                : "-" + identity.drivetrain().toLowerCase()));
    }

    /** The serial part of a VIN (positions 12-17) and its plant (11) name no other vehicle: every such VIN keys alike. */
    @Test
    void everyVinOfOneVehicleNamesTheSameKey() {
        Random random = new Random(20261124);
        for (String published : new String[] {"1HGCM82633A004352", "KM8K2CAB4PU001140", "5YJ3E1EA2KF317000"}) {
            String expected = CatalogIdentity.of(decoder.decode(Vin.parse(published)))
                    .orElseThrow()
                    .configKey();
            Set<String> keys = new HashSet<>();
            for (int i = 0; i < 200; i++) {
                StringBuilder vin = new StringBuilder(published);
                for (int position = 11; position < 17; position++) {
                    vin.setCharAt(position, (char) ('0' + random.nextInt(10)));
                }
                vin.setCharAt(8, CheckDigits.forCorrections(vin.toString()));
                VinDecoding decoding = decoder.decode(Vin.parse(vin.toString()));
                keys.add(CatalogIdentity.of(decoding).orElseThrow().configKey());
            }
            assertThat(keys).as("keys of %s's vehicle", published).containsExactly(expected);
        }
    }

    @Test
    void aDecodeWithoutModelOrEngineCodeNamesNoConfiguration() {
        VinDecoding unknownWmi = decoder.decode(Vin.parse("11111111111111111"));

        assertThat(CatalogIdentity.of(unknownWmi)).isEmpty();
    }

    @Test
    void aTrimWrittenAsAlternativesAllowsEachAndTheWhole() {
        assertThat(CatalogIdentity.trimAlternatives("L/LE/SE")).containsExactly("l/le/se", "l", "le", "se");
        assertThat(CatalogIdentity.trimAlternatives("LT (1LT)")).containsExactly("lt (1lt)", "lt");
        assertThat(CatalogIdentity.trimAlternatives(" ")).isEmpty();
    }

    @Test
    void driveTypesReadAsTheirDrivetrains() {
        assertThat(CatalogIdentity.drivetrains("4WD/4-Wheel Drive/4x4")).containsExactly("4wd", "4x4");
        assertThat(CatalogIdentity.drivetrains("FWD/Front-Wheel Drive")).containsExactly("fwd");
        assertThat(CatalogIdentity.drivetrains("Part-time")).isEmpty();
    }

    @Test
    void aConfigurationIsTheDecodedVehicleHoweverItsTextsAreWrittenAndWhereverADrivetrainIsUnsaid() {
        CatalogIdentity accord = new CatalogIdentity(2003, "HONDA", "Accord", "EX-V6", "J30A4", null);
        CatalogIdentity frontDriven = new CatalogIdentity(2003, "HONDA", "Accord", "EX-V6", "J30A4", "FWD");

        assertThat(accord.isRegisteredAs(registered(2003, "Honda", "ACCORD", "ex v6", "j30a4", "fwd")))
                .isTrue();
        assertThat(frontDriven.isRegisteredAs(registered(2003, "Honda", "Accord", "EX-V6", "J30A4", null)))
                .isTrue();
        assertThat(frontDriven.isRegisteredAs(registered(2003, "Honda", "Accord", "EX-V6", "J30A4", "awd")))
                .isFalse();
        assertThat(accord.isRegisteredAs(registered(2004, "Honda", "Accord", "EX-V6", "J30A4", null)))
                .isFalse();
        assertThat(accord.isRegisteredAs(registered(2003, "Honda", "Accord", "EX", "J30A4", null)))
                .isFalse();
        assertThat(accord.isRegisteredAs(registered(2003, "Honda", "Accord", "EX-V6", "K24A4", null)))
                .isFalse();
    }

    private static RegisterConfiguration registered(
            int year, String make, String model, String trim, String engineCode, String drivetrain) {
        return new RegisterConfiguration(
                "key", year, make, model, trim, engineCode, drivetrain, "label", FactSource.vendor("a vendor", 0));
    }
}
