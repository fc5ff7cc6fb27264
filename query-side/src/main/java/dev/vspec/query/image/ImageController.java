package dev.vspec.query.image;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.query.vehicle.ResolvedVehicle;
import dev.vspec.query.vehicle.Vehicle;
import dev.vspec.readmodel.Group;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v0/vehicle-image}: the cached exterior render's bytes with their own content type,
 * not JSON, and the SHA-256 of the bytes as a strong ETag ({@code If-None-Match} answers 304). A
 * vehicle that resolves but has no render is 404 {@code no_image} (JSON). The JSON description of
 * the render ({@code content_type}, {@code etag}, {@code href}) is {@code GET /v1/vehicle?include=image}.
 * A render (an SVG may hold scripts) opened on its own is taken for its declared type alone and runs
 * nothing: {@code nosniff} and a policy that allows only its own inline styles, sandboxed.
 */
@RestController
class ImageController {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

    private final VehicleResolver vehicles;
    private final ImageQuery images;

    ImageController(VehicleResolver vehicles, ImageQuery images) {
        this.vehicles = vehicles;
        this.images = images;
    }

    @RequiresScope(Scope.MEDIA_READ)
    @GetMapping(Group.Routes.IMAGE)
    ResponseEntity<byte[]> image(VehicleIdentifier identifier) {
        ResolvedVehicle resolved = vehicles.resolve(identifier, List.of());
        Vehicle vehicle = resolved.vehicle();
        ImageQuery.Image image = images.image(vehicle.configKey())
                .orElseThrow(() -> new ApiException(
                        ErrorCode.NO_IMAGE,
                        "No exterior render is cached for " + vehicle.configKey() + "; the render is optional"));
        // The bytes are the render's alone: what picked the configuration and the render's own record date them.
        // Spring weighs If-None-Match, else If-Modified-Since, against both.
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        resolved.times().picked().and(image.recordedAt()).time().ifPresent(ok::lastModified);
        return ok.contentType(MediaType.parseMediaType(image.contentType()))
                .eTag(image.etag())
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .body(image.bytes());
    }
}
