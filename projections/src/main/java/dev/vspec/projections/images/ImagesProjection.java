package dev.vspec.projections.images;

import static dev.vspec.projections.runtime.Upserts.upsert;
import static dev.vspec.storage.jooq.read.Tables.IMAGE;

import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.projections.runtime.EventHandlers;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.readmodel.Provenance;
import dev.vspec.storage.jooq.read.tables.records.ImageRecord;
import java.time.Instant;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.jooq.impl.DSL;

/** {@code read.image}: the cached exterior render of a configuration; a newer one replaces it. */
public class ImagesProjection implements Projection {

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

    /** A newer render replaces the cached one, unless that came from a source of higher precedence. */
    void on(DSLContext db, ExteriorImageCached e, Instant at) {
        Provenance provenance = Provenance.of(e.source(), at);
        upsert(
                        db,
                        new ImageRecord(
                                e.configKey(),
                                e.contentType(),
                                e.image(),
                                e.sha256(),
                                provenance.source(),
                                provenance.rank(),
                                provenance.recordedAt()),
                        IMAGE.CONFIG_KEY)
                .where(IMAGE.SOURCE_RANK.le(DSL.excluded(IMAGE.SOURCE_RANK)))
                .execute();
    }
}
