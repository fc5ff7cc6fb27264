package dev.vspec.query.fluids;

import static dev.vspec.infra.jooq.read.Tables.FLUID;

import java.util.List;
import org.jooq.DSLContext;
import org.springframework.stereotype.Component;

/** Reads the fluids group of one configuration from {@code read.fluid}, in recorded order. */
@Component
class FluidsQuery {

    private final DSLContext db;

    FluidsQuery(DSLContext db) {
        this.db = db;
    }

    /** The group the fluids route answers; {@code GET /v1/vehicle?include=fluids} will reuse it. */
    List<FluidView> of(String configKey) {
        return db.selectFrom(FLUID)
                .where(FLUID.CONFIG_KEY.eq(configKey))
                .orderBy(FLUID.POSITION)
                .fetch(row -> new FluidView(
                        row.getFluidType(),
                        row.getSpecification(),
                        new FluidView.Capacity(row.getCapacityLitres(), row.getCapacityUsQuarts()),
                        row.getNotes()));
    }
}
