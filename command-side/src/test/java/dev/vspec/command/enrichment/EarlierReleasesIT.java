package dev.vspec.command.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.CommandSideIntegrationTest;
import dev.vspec.command.catalog.VehicleDescriptors;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.identity.Vin;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Which held configuration a VIN's vehicle keeps its key from, as the catalog's commands leave the command side's
 * tables. Sample data: 2019 Honda Odyssey and 2020 Honda Pilot VINs, registered by two vPIC releases and by an
 * operator's file.
 */
@CommandSideIntegrationTest
class EarlierReleasesIT {

    private static final FactSource EARLIER =
            FactSource.vpic("2025-06-30", "3f6a0c9e5b1d47a28c0e6f1b9d2a7c4e5f8b0a1d3c6e9f2b4a7d0c3e6f9b2a5d");
    private static final FactSource INSTALLED =
            FactSource.vpic("2026-02-17", "8b1e4d7a0c3f6b9e2d5a8c1f4b7e0a3d6c9f2e5b8a1d4c7f0e3b6a9d2c5f8e1b");
    private static final FactSource OPERATOR = FactSource.importFile("fleet-catalog.json", "5e0c3d9a");

    private static final String ODYSSEY_EX = "2019-honda-odyssey-ex-j35y6-fwd";
    private static final String ODYSSEY_EX_NOW = "2019-honda-odyssey-ex-j35y6";

    @Autowired
    DSLContext db;

    @Autowired
    CommandGateway commands;

    private EarlierReleases earlierReleases() {
        return EarlierReleases.inCommandTables(db);
    }

    @Test
    void aVehicleAnEarlierReleaseRegisteredIsFoundByTheDescriptorOfAnotherOfItsVins() {
        hold(ODYSSEY_EX, "EX", "5FNRL6H50KB000211", EARLIER);
        Vin another = vin("5FNRL6H50KB093346");

        assertThat(VehicleDescriptors.descriptorOf(another)).isEqualTo("5FNRL6H5K");
        assertThat(earlierReleases().heldAs(another, ODYSSEY_EX_NOW, INSTALLED)).contains(ODYSSEY_EX);
        assertThat(earlierReleases().heldAs(vin("5FNRL6H50LB093346"), "2020-honda-odyssey-ex-j35y6", INSTALLED))
                .as("another model year")
                .isEmpty();
        assertThat(earlierReleases().heldAs(another, ODYSSEY_EX_NOW, EARLIER))
                .as("the same release telling two keys apart tells two vehicles apart")
                .isEmpty();
    }

    @Test
    void aNewKeyTheCatalogHoldsIsUsedAsItIs() {
        hold("2019-honda-odyssey-touring-j35y6-fwd", "Touring", "5FNRL6H90KB000512", EARLIER);
        hold("2019-honda-odyssey-touring-j35y6", "Touring", "5FNRL6H90KB000877", INSTALLED);

        assertThat(earlierReleases().heldAs(vin("5FNRL6H90KB031200"), "2019-honda-odyssey-touring-j35y6", INSTALLED))
                .isEmpty();
    }

    @Test
    void onlyOneConfigurationFromVpicCounts() {
        hold("2020-honda-pilot-ex-l-j35y6-awd", "EX-L", "5FNYF6H50LB000144", OPERATOR);
        hold("2020-honda-pilot-elite-j35y6-awd", "Elite", "5FNYF6H00LB000301", EARLIER);
        hold("2020-honda-pilot-black-edition-j35y6-awd", "Black Edition", "5FNYF6H00LB000622", EARLIER);

        assertThat(earlierReleases().heldAs(vin("5FNYF6H50LB020001"), "2020-honda-pilot-ex-l-j35y6", INSTALLED))
                .as("an operator's configuration may be finer than the descriptor")
                .isEmpty();
        assertThat(earlierReleases().heldAs(vin("5FNYF6H00LB020002"), "2020-honda-pilot-elite-j35y6", INSTALLED))
                .as("two earlier keys: no telling which")
                .isEmpty();
    }

    @Test
    void whatCountsIsTheSourceThatRegisteredTheConfigurationLast() {
        String touring = "2020-honda-pilot-touring-j35y6-awd";
        hold(touring, "Touring", "5FNYF6H90LB000455", EARLIER);
        Vin sibling = vin("5FNYF6H90LB031877");
        commands.sendAndWait(new LinkVin(vin("5FNYF6H90LB000456").value(), touring, OPERATOR));

        assertThat(earlierReleases().heldAs(sibling, "2020-honda-pilot-touring-j35y6", INSTALLED))
                .as("a link from an operator's file to vPIC's configuration")
                .contains(touring);

        commands.sendAndWait(registration(touring, "Touring", OPERATOR, "2020 Honda Pilot Touring (fleet)"));

        assertThat(earlierReleases().heldAs(sibling, "2020-honda-pilot-touring-j35y6", INSTALLED))
                .as("the operator's file corrected the configuration's label: it is the operator's now")
                .isEmpty();
    }

    @Test
    void aVinLinkedAgainCountsForItsNewConfigurationAlone() {
        String lx = "2019-honda-odyssey-lx-j35y6-fwd";
        String exL = "2019-honda-odyssey-ex-l-j35y6-fwd";
        String vin = vin("5FNRL6H20KB000733").value();
        Vin sibling = vin("5FNRL6H20KB052119");
        hold(lx, "LX", vin, EARLIER);
        assertThat(earlierReleases().heldAs(sibling, "2019-honda-odyssey-lx-j35y6", INSTALLED))
                .contains(lx);

        commands.sendAndWait(registration(exL, "EX-L", OPERATOR, "2019 HONDA Odyssey EX-L J35Y6"));
        commands.sendAndWait(new LinkVin(vin, exL, OPERATOR));

        assertThat(earlierReleases().heldAs(sibling, "2019-honda-odyssey-lx-j35y6", INSTALLED))
                .as("its one VIN is the operator's configuration's now")
                .isEmpty();
    }

    /** Registers the configuration and links the VIN to it, both from {@code source}. */
    private void hold(String configKey, String trim, String vin, FactSource source) {
        String[] parts = configKey.split("-");
        String model = configKey.contains("odyssey") ? "Odyssey" : "Pilot";
        commands.sendAndWait(
                registration(configKey, trim, source, parts[0] + " HONDA " + model + " " + trim + " J35Y6"));
        commands.sendAndWait(new LinkVin(vin(vin).value(), configKey, source));
    }

    private static RegisterConfiguration registration(String configKey, String trim, FactSource source, String label) {
        String[] parts = configKey.split("-");
        String model = configKey.contains("odyssey") ? "Odyssey" : "Pilot";
        return new RegisterConfiguration(
                configKey,
                Integer.parseInt(parts[0]),
                "HONDA",
                model,
                trim,
                "J35Y6",
                configKey.endsWith("-fwd") ? "FWD" : configKey.endsWith("-awd") ? "AWD" : null,
                label,
                source);
    }

    private static Vin vin(String withAnyCheckDigit) {
        return Vin.parse(withAnyCheckDigit).withCorrectCheckDigit();
    }
}
