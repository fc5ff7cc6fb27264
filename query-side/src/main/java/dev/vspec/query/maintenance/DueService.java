package dev.vspec.query.maintenance;

import dev.vspec.readmodel.FluidView;
import dev.vspec.readmodel.LaborView;
import dev.vspec.readmodel.PartView;
import dev.vspec.readmodel.ServiceItem;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A service that is due, with what doing it takes: its parts (as {@code /v1/parts} renders them),
 * the fluids it uses (as {@code /v1/fluids} renders them) and its book labor time, null when the
 * catalog has none.
 */
record DueService(
        String service,
        String description,
        ServiceItem.Interval interval,
        List<PartView> parts,
        List<FluidView> fluids,
        @Nullable LaborView labor) {}
