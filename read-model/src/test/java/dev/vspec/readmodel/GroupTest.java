package dev.vspec.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import org.junit.jupiter.api.Test;

class GroupTest {

    @Test
    void absentOrBlankIncludeNamesNoGroup() {
        assertThat(Group.parseInclude(null)).isEmpty();
        assertThat(Group.parseInclude("")).isEmpty();
        assertThat(Group.parseInclude(" , ,")).isEmpty();
    }

    @Test
    void namesAreTrimmedCaseFoldedDeduplicatedAndKeptInDeclarationOrder() {
        assertThat(Group.parseInclude(" parts,FLUIDS , parts,,service_history"))
                .containsExactly(Group.FLUIDS, Group.PARTS, Group.SERVICE_HISTORY);
    }

    @Test
    void keysAreTheSnakeCaseNames() {
        assertThat(Group.MAINTENANCE_SCHEDULE.key()).isEqualTo("maintenance_schedule");
        assertThat(Group.parseInclude("maintenance_schedule")).containsExactly(Group.MAINTENANCE_SCHEDULE);
    }

    @Test
    void eachGroupOwnsItsRouteAndScopeAndTheStoredOnesTheirDocument() {
        assertThat(Group.FLUIDS.route()).isEqualTo("/api/v1/fluids");
        assertThat(Group.LABOR.route()).isEqualTo("/api/v0/labor");
        assertThat(Group.IMAGE.route()).isEqualTo("/api/v0/vehicle-image");
        assertThat(Group.SERVICE_HISTORY.route()).isEqualTo("/api/v0/service-history");
        assertThat(Group.LABOR.scope()).isEqualTo(Scope.LABOR_READ);
        assertThat(Group.PARTS.document()).isSameAs(GroupDocument.PARTS);
        assertThat(Group.IMAGE.document()).isNull();
        assertThat(Group.SERVICE_HISTORY.document()).isNull();
    }

    @Test
    void unknownNamesAreInvalidParamListingTheAllowedOnes() {
        assertThatThrownBy(() -> Group.parseInclude("fluids, wheels ,maintenance-schedule"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM);
                    assertThat(e.getMessage())
                            .contains("'wheels', 'maintenance-schedule'")
                            .endsWith(
                                    "allowed values: fluids, specs, tires, maintenance_schedule, parts, labor, image, service_history, recalls");
                });
    }
}
