package dev.vspec.command.enrichment.vendor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.command.catalog.CatalogImporter;
import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.LinkVin;
import dev.vspec.contracts.catalog.RegisterConfiguration;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoder;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.decoder.VpicExtract;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;

class ReferenceCatalogSourceTest {

    private static final Resource SHIPPED = new DefaultResourceLoader().getResource(ReferenceCatalogSource.SHIPPED);
    private static final Resource SAMPLE = new DefaultResourceLoader().getResource(CatalogImporter.SAMPLE_CATALOG);

    private final ReferenceCatalogSource source = new ReferenceCatalogSource(SHIPPED);

    @Test
    void knowsItsVinsAndLinksOnlyTheOneAskedFor() {
        UpstreamConfiguration rav4 =
                source.findByVin(Vin.parse("2T3P1RFV2NW131842")).orElseThrow();

        assertThat(rav4.configKey()).isEqualTo("2022-toyota-rav4-xle-a25a-fks-awd");
        assertThat(rav4.commands().get(0)).isInstanceOf(RegisterConfiguration.class);
        FactSource vendor = rav4.commands().get(0).source();
        assertThat(vendor.kind()).isEqualTo(FactSource.VENDOR);
        assertThat(vendor.name()).isEqualTo("vspec reference vendor (sample data)");
        assertThat(vendor.responseMillis()).isNotNull().isNotNegative();
        assertThat(rav4.commands()).extracting(CatalogCommand::source).containsOnly(vendor);
        assertThat(rav4.commands())
                .filteredOn(LinkVin.class::isInstance)
                .containsExactly(new LinkVin("2T3P1RFV2NW131842", "2022-toyota-rav4-xle-a25a-fks-awd", vendor));
        assertThat(source.findByVin(Vin.parse("19XFC2F52KE715372"))).isEmpty();
    }

    @Test
    void holdsOnlyConfigurationsTheSampleCatalogDoesNot() {
        Set<String> sample = new HashSet<>();
        new CatalogReader().read(SAMPLE, entry -> sample.add(entry.configKey()));
        List<String> vendor = new ArrayList<>();
        new CatalogReader().read(SHIPPED, entry -> vendor.add(entry.configKey()));

        assertThat(vendor).isNotEmpty().doesNotContainAnyElementsOf(sample);
    }

    @Test
    void everyVendorVinHasAValidCheckDigitAndDecodesToItsConfiguration() {
        VinDecoder decoder = new VinDecoder(VpicExtract.index(), java.time.Clock.systemUTC());
        List<CatalogReader.Entry> entries = new ArrayList<>();
        new CatalogReader().read(SHIPPED, entries::add);

        for (CatalogReader.Entry entry : entries) {
            for (String text : entry.vins()) {
                Vin vin = Vin.parse(text);
                assertThat(vin.hasValidCheckDigit()).as(text).isTrue();
                VinDecoding decoding = decoder.decode(vin);
                assertThat(entry.configKey()).as(text).startsWith(decoding.modelYear() + "-");
                assertThat(entry.configKey())
                        .as(text)
                        .startsWith(decoding.modelYear() + "-" + decoding.make().toLowerCase(java.util.Locale.ROOT)
                                + "-" + decoding.model().toLowerCase(java.util.Locale.ROOT) + "-");
            }
        }
    }
}
