package dev.vspec.query.image;

import static dev.vspec.storage.jooq.read.Tables.IMAGE;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.query.vehicle.GroupBuilder;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Records;
import org.springframework.stereotype.Component;

/** {@code read.image}: a configuration's cached exterior render, keyed by config. */
@Component
class ImageQuery implements GroupBuilder<ImageView> {

    private final DSLContext db;

    ImageQuery(DSLContext db) {
        this.db = db;
    }

    @Override
    public Group group() {
        return Group.IMAGE;
    }

    /**
     * The render's metadata, without reading its bytes; null when none is cached. Its {@code href} is the
     * image route where the client asked: under the sandbox's prefix, the sandbox's own.
     */
    @Override
    public ImageView of(Vehicle vehicle, VehicleIdentifier identifier, AskedRoutes routes) {
        return db.select(IMAGE.CONTENT_TYPE, IMAGE.SHA256)
                .from(IMAGE)
                .where(IMAGE.CONFIG_KEY.eq(vehicle.configKey()))
                .fetchOptional(Records.mapping((contentType, sha256) -> new ImageView(
                        contentType,
                        etag(sha256),
                        routes.route(Group.IMAGE.route()) + "?config_key=" + vehicle.configKey())))
                .orElse(null);
    }

    Optional<Image> image(String configKey) {
        return db.select(IMAGE.CONTENT_TYPE, IMAGE.BYTES, IMAGE.SHA256, IMAGE.RECORDED_AT)
                .from(IMAGE)
                .where(IMAGE.CONFIG_KEY.eq(configKey))
                .fetchOptional(Records.mapping((contentType, bytes, sha256, recordedAt) ->
                        new Image(contentType, bytes, etag(sha256), recordedAt)));
    }

    /** The strong validator of a render: its SHA-256 (hex), quoted as an entity tag. */
    static String etag(String sha256) {
        return "\"" + sha256 + "\"";
    }

    record Image(String contentType, byte[] bytes, String etag, OffsetDateTime recordedAt) {}
}
