package dev.vspec.query.lookup;

import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.contracts.identity.Vin;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

class LookupTest {

    private static final DSLContext POSTGRES = DSL.using(SQLDialect.POSTGRES);

    @Test
    void eachIdentifierModeHasItsLookup() {
        Vin vin = Vin.parse("19XFC2F52KE715372");
        VehicleIdentifier.ByYearMakeModel civic = new VehicleIdentifier.ByYearMakeModel(2019, "Honda", "Civic", null);

        assertThat(Lookup.of(new VehicleIdentifier.ByVin(vin))).isEqualTo(new Lookup.ByVin(vin));
        assertThat(Lookup.of(new VehicleIdentifier.ByConfigKey("2019-honda-civic-lx-k20c2-fwd")))
                .isEqualTo(new Lookup.ByKey("2019-honda-civic-lx-k20c2-fwd"));
        assertThat(Lookup.of(civic)).isEqualTo(new Lookup.ByYearMakeModel(civic));
    }

    /** Lookups of one shape share their rendered statement, so they must bind the same parameters. */
    @Test
    void lookupsOfOneShapeBindExactlyItsParameters() {
        List<Lookup.Selecting> lookups = List.of(
                new Lookup.ByKey("2019-honda-civic-lx-k20c2-fwd"),
                new Lookup.ByKey("2020-ford-f-150-xlt-5-0l-v8-4x4"),
                ymm(2019, " HONDA ", "Civic", null),
                ymm(2020, "Ford", "F-150", null),
                ymm(2019, "Honda", "Civic", "lx"),
                ymm(2020, "Ford", "F-150", "XLT"));

        for (Lookup.Selecting lookup : lookups) {
            assertThat(POSTGRES.selectFrom(CONFIGURATION)
                            .where(lookup.shape().condition())
                            .getParams()
                            .keySet())
                    .as(lookup.toString())
                    .containsExactlyInAnyOrderElementsOf(lookup.values().keySet());
        }
        assertThat(lookups.get(0).shape()).isSameAs(lookups.get(1).shape());
        assertThat(lookups.get(2).shape()).isSameAs(lookups.get(3).shape());
        assertThat(lookups.get(4).shape())
                .isSameAs(lookups.get(5).shape())
                .isNotSameAs(lookups.get(2).shape());
    }

    @Test
    void makeModelAndTrimAreMatchedNormalised() {
        assertThat(ymm(2019, "  Land   ROVER ", "Range\tRover", " HSE  Silver ").values())
                .containsEntry("year", 2019)
                .containsEntry("make", "land rover")
                .containsEntry("model", "range rover")
                .containsEntry("trim", "hse silver");
    }

    private static Lookup.ByYearMakeModel ymm(int year, String make, String model, String trim) {
        return new Lookup.ByYearMakeModel(new VehicleIdentifier.ByYearMakeModel(year, make, model, trim));
    }
}
