package dev.vspec.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.access.Plan;
import dev.vspec.contracts.access.Scope;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NewKeyTest {

    @Test
    void plansCarryTheScopesOfTheSpecification() {
        assertThat(Plan.FREE.scopes())
                .containsExactlyInAnyOrder(Scope.MAINTENANCE_READ, Scope.LABOR_READ, Scope.MEDIA_READ);
        assertThat(Plan.PRO.scopes()).contains(Scope.SERVICE_HISTORY_READ, Scope.ENRICH_WRITE);
        assertThat(Plan.SCALE.scopes()).contains(Scope.SERVICE_HISTORY_READ, Scope.ENRICH_WRITE);
        assertThat(Plan.ENTERPRISE.scopes()).contains(Scope.SERVICE_HISTORY_READ);
        assertThat(Plan.FREE.requestsPerMinute()).hasValue(60);
        assertThat(Plan.PRO.requestsPerMinute()).hasValue(300);
        assertThat(Plan.SCALE.requestsPerMinute()).hasValue(1_000);
        assertThat(Plan.FREE.readsPerMonth()).hasValue(10_000);
        assertThat(Plan.PRO.readsPerMonth()).hasValue(250_000);
        assertThat(Plan.SCALE.readsPerMonth()).hasValue(2_000_000);
        assertThat(Plan.ENTERPRISE.requestsPerMinute()).isEmpty();
    }

    @Test
    void scopesDefaultToThePlansAndMayOnlyNarrowThem() {
        assertThat(NewKey.of("a@example.com", Plan.PRO).scopes()).isEqualTo(Plan.PRO.scopes());
        assertThat(new NewKey("a@example.com", Plan.PRO, Set.of(Scope.LABOR_READ), null, null, null).scopes())
                .containsExactly(Scope.LABOR_READ);
        assertThatThrownBy(() ->
                        new NewKey("a@example.com", Plan.FREE, Set.of(Scope.SERVICE_HISTORY_READ), null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("service_history:read")
                .hasMessageContaining("free");
    }

    @Test
    void onlyEnterpriseKeysTakeTheirOwnLimitsAndTheyMust() {
        assertThatThrownBy(() -> new NewKey("a", Plan.ENTERPRISE, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("negotiated limits");
        assertThatThrownBy(() -> new NewKey("a", Plan.ENTERPRISE, null, 0L, 10L, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1");
        assertThatThrownBy(() -> new NewKey("a", Plan.SCALE, null, 5_000L, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1000 requests per minute");
        assertThat(new NewKey("a", Plan.ENTERPRISE, null, 5_000L, 9_000_000L, null).requestsPerMinute())
                .isEqualTo(5_000L);
    }

    @Test
    void aKeyNeedsAnOwnerAndAPlan() {
        assertThatThrownBy(() -> NewKey.of("  ", Plan.FREE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("owner");
        assertThatThrownBy(() -> NewKey.of("a", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("free, pro, scale, enterprise");
        assertThat(NewKey.of("  fleet@example.com ", Plan.FREE).owner()).isEqualTo("fleet@example.com");
    }
}
