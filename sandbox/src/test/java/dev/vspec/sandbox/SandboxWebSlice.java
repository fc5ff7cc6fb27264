package dev.vspec.sandbox;

import dev.vspec.access.SharedBudgets;
import dev.vspec.decoding.DecoderSource;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import dev.vspec.query.QuerySideWebSlice;
import dev.vspec.query.decode.DecodeScope;
import dev.vspec.query.lookup.DecodedMatches;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.sandbox.sample.SampleIdentifiers;
import dev.vspec.sandbox.web.SandboxFiltersSlice;
import dev.vspec.testing.MockApi;
import dev.vspec.testing.StubbedAccess;
import dev.vspec.testing.database.NoDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * What every sandbox web slice starts from, one Spring context for all of them: the query side's handlers and read
 * components under the sandbox's own filters (CORS, limits, read-only, the {@code /api/sample} prefix) and error
 * decoration, keyless. The reads are mocks: the resolver (stubbed per test), the decoded matches, the vPIC release,
 * the sample VINs' scope and the identifiers a 404 lists; the budgets admit every request ({@link StubbedAccess}), and
 * any other read fails the test ({@link NoDatabase}). Schema {@code sample} and the budgets in PostgreSQL are the
 * ITs' subject.
 */
@WebMvcTest(
        properties = {
            "spring.config.name=sandbox",
            "vspec.site.url=" + SandboxHttpIT.SITE,
            "vspec.sandbox.allowed-origin=" + SandboxHttpIT.SITE
        },
        includeFilters = @ComponentScan.Filter(type = FilterType.CUSTOM, classes = QuerySideWebSlice.Components.class))
@ImportAutoConfiguration(ApiWebAutoConfiguration.class)
@Import({NoDatabase.class, SandboxFiltersSlice.class})
public abstract class SandboxWebSlice {

    @MockitoBean
    protected VehicleResolver vehicles;

    @MockitoBean
    DecodedMatches decodedMatches;

    @MockitoBean
    DecoderSource decoders;

    @MockitoBean
    DecodeScope sampleVins;

    @MockitoBean
    protected SampleIdentifiers identifiers;

    @MockitoBean
    SharedBudgets budgets;

    @Autowired
    protected MockMvc mvc;

    /** A client, keyless as every sandbox client is. */
    protected MockApi api;

    @BeforeEach
    void admitEveryRequest() {
        StubbedAccess.admitEveryRequest(budgets);
        api = new MockApi(mvc);
    }
}
