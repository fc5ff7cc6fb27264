package dev.vspec.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.Vin;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class WarmUpTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void warmsOnVinsTheIndexsOwnPatternsDecode() {
        VinDecoder decoder = new VinDecoder(VpicExtract.index(), NOW);
        int decodable = 0;
        int made = 0;
        for (VpicIndex.Wmi wmi : decoder.index().wmis()) {
            for (VpicIndex.SchemaLink link : wmi.links()) {
                String vin = WarmUp.vinFor(wmi.code(), link);
                if (vin != null) {
                    made++;
                    Vin parsed = Vin.parse(vin);
                    assertThat(parsed.hasValidCheckDigit()).as(vin).isTrue();
                    assertThat(link.schema().keys()[0].matches(DecodePass.keysOf(vin)))
                            .as(vin)
                            .isTrue();
                    decodable += decoder.decode(parsed).nhtsaErrorCodes().contains(8) ? 0 : 1;
                }
            }
        }

        assertThat(made).isGreaterThan(50);
        assertThat(decodable).isEqualTo(made);
        assertThat(WarmUp.run(decoder)).isPositive().isLessThanOrEqualTo(WarmUp.MAX_VINS);
    }

    @Test
    void makesNoVinOfAWmiOrKeyWithCharactersNoVinHas() {
        VpicIndex.Schema schema = new VpicIndex.Schema(
                1, "synthetic test schema", false, null, new PatternKey[] {PatternKey.compile("CM8")}, new int[] {0, 0
                });
        VpicIndex.Schema oddKey = new VpicIndex.Schema(
                2, "synthetic test schema", false, null, new PatternKey[] {PatternKey.compile("CO8")}, new int[] {0, 0
                });

        assertThat(WarmUp.vinFor("1HO", new VpicIndex.SchemaLink(schema, 2019, null)))
                .isNull();
        assertThat(WarmUp.vinFor("1HG", new VpicIndex.SchemaLink(oddKey, 2019, null)))
                .isNull();
        assertThat(WarmUp.vinFor("1HG", new VpicIndex.SchemaLink(schema, 2019, null)))
                .startsWith("1HGCM8");
    }
}
