package dev.vspec.testing;

import dev.vspec.access.AccessAutoConfiguration;
import dev.vspec.access.KeyLookup;
import dev.vspec.access.MonthlyReadCounts;
import dev.vspec.access.SharedBudgets;
import dev.vspec.platform.web.ApiWebAutoConfiguration;
import dev.vspec.testing.database.NoDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * What the web slice of a deployable that takes keys (a {@code @WebMvcTest} subclass) starts from: web-platform's error
 * records, filters and access filter, with the key lookup and the budgets mocked ({@link StubbedAccess}: a key with
 * every scope, every request admitted) and no database ({@link NoDatabase}), and a client holding that key.
 */
@ImportAutoConfiguration({ApiWebAutoConfiguration.class, AccessAutoConfiguration.class})
@Import(NoDatabase.class)
public abstract class KeyedWebSlice {

    @MockitoBean
    protected KeyLookup keys;

    @MockitoBean
    protected SharedBudgets budgets;

    @MockitoBean
    MonthlyReadCounts readCounts;

    @Autowired
    protected MockMvc mvc;

    /** A client with a key that has every scope. */
    protected MockApi api;

    @BeforeEach
    void admitAFullAccessKey() {
        StubbedAccess.admitEveryRequest(budgets);
        api = new MockApi(mvc, StubbedAccess.issue(keys));
    }
}
