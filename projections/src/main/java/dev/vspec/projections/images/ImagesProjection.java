package dev.vspec.projections.images;

import static dev.vspec.infra.jooq.read.Tables.IMAGE;
import static dev.vspec.projections.runtime.Upserts.upsert;

import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.infra.jooq.read.tables.records.ImageRecord;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.springframework.stereotype.Component;

/** {@code read.image}: the cached exterior render of a configuration; a newer one replaces it. */
@Component
class ImagesProjection implements Projection {

    @Override
    public String name() {
        return "images";
    }

    @Override
    public List<Table<?>> tables() {
        return List.of(IMAGE);
    }

    @Override
    public EventHandlers handlers() {
        return EventHandlers.builder().on(ExteriorImageCached.class, this::on).build();
    }

    void on(DSLContext db, ExteriorImageCached e) {
        upsert(db, new ImageRecord(e.configKey(), e.contentType(), e.image(), e.sha256()), IMAGE.CONFIG_KEY).execute();
    }
}
