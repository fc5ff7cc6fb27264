package dev.vspec.projections;

import dev.vspec.projections.aliases.AliasesProjection;
import dev.vspec.projections.configurations.ConfigurationsProjection;
import dev.vspec.projections.epa.EpaProjection;
import dev.vspec.projections.fluids.FluidsProjection;
import dev.vspec.projections.images.ImagesProjection;
import dev.vspec.projections.labortimes.LaborTimesProjection;
import dev.vspec.projections.parts.PartsProjection;
import dev.vspec.projections.recalls.RecallsProjection;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.projections.servicehistory.ServiceHistoryProjection;
import dev.vspec.projections.serviceintervals.ServiceIntervalsProjection;
import dev.vspec.projections.specs.SpecsProjection;
import dev.vspec.projections.tires.TiresProjection;
import dev.vspec.projections.vins.VinsProjection;
import java.util.List;
import org.jooq.Table;

/** Every projection there is, listed by hand: the deployable runs them, the operator CLI rebuilds them. */
public final class AllProjections {

    private AllProjections() {}

    /** The projections, in name order. */
    public static List<Projection> list() {
        return List.of(
                new AliasesProjection(),
                new ConfigurationsProjection(),
                new EpaProjection(),
                new FluidsProjection(),
                new ImagesProjection(),
                new LaborTimesProjection(),
                new PartsProjection(),
                new RecallsProjection(),
                new ServiceHistoryProjection(),
                new ServiceIntervalsProjection(),
                new SpecsProjection(),
                new TiresProjection(),
                new VinsProjection());
    }

    /** Every table the projections write, in their order. */
    public static List<Table<?>> tables() {
        return Projection.tablesOf(list());
    }
}
