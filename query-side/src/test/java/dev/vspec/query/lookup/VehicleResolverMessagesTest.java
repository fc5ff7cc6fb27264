package dev.vspec.query.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VinDecoding;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.readmodel.EpaEngineResolution;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/** What a 404 for a VIN nothing holds tells the caller to do, on the surface it asked. */
class VehicleResolverMessagesTest {

    private static final Vin ACCORD = Vin.parse("1HGCM82633A004352");

    private final Configurations configurations = mock(Configurations.class);
    private final VehicleResolver resolver = new VehicleResolver(configurations, mock(EpaSpecSheet.class), engines());

    /** The EPA lists no engine of any model: nothing to resolve from. */
    private static VinEngines engines() {
        VinEngines engines = mock(VinEngines.class);
        when(engines.resolve(org.mockito.ArgumentMatchers.any()))
                .thenAnswer(call -> new EpaEngineResolution(call.getArgument(0), List.of()));
        return engines;
    }

    @BeforeEach
    void aVinNothingLinksNorMatches() {
        VinDecoding decoding = mock(VinDecoding.class);
        when(decoding.identifiesModel()).thenReturn(false);
        when(decoding.describedAs()).thenReturn("2003 HONDA");
        when(configurations.decode(ACCORD)).thenReturn(decoding);
    }

    @AfterEach
    void leaveTheRequest() {
        RequestContextHolder.resetRequestAttributes();
    }

    @Test
    void theLiveApiTellsHowToEnrichTheVinOnItsOwnRoutes() {
        asked(AskedRoutes.LIVE);

        assertThatThrownBy(() -> resolver.resolve(new VehicleIdentifier.ByVin(ACCORD)))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND))
                .hasMessageEndingWith("; POST /api/v0/enrich with {\"vin\": \"1HGCM82633A004352\"} (scope enrich:write)"
                        + " schedules its enrichment; poll GET /api/v0/enrich?vin=1HGCM82633A004352 until it"
                        + " completes, then read again");
    }

    @Test
    void theSandboxSuggestsNoWrite() {
        asked(new AskedRoutes("/api/sample", false));

        assertThatThrownBy(() -> resolver.resolve(new VehicleIdentifier.ByVin(ACCORD)))
                .hasMessageEndingWith("; the sandbox holds its sample vehicles only (listed under available)")
                .hasMessageNotContaining("POST")
                .hasMessageNotContaining("/v0/enrich");
    }

    private static void asked(AskedRoutes surface) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/fluids");
        surface.applyTo(request);
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));
    }
}
