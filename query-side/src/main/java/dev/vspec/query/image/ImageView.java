package dev.vspec.query.image;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The image group: where the cached render is and what it is, not its bytes. {@code etag} is the
 * value the image route answers in its {@code ETag} header; {@code href} fetches the bytes from the
 * surface that answered (the live API, or the sandbox under its own prefix).
 */
public record ImageView(
        @JsonProperty("content_type") String contentType,
        String etag,

        @Schema(
                description = "The path and query of the render's bytes where this answer came from: "
                        + "/api/v0/vehicle-image?config_key=... on the live API, /api/sample/v0/vehicle-image?config_key=... "
                        + "from the sandbox",
                example = "/api/v0/vehicle-image?config_key=2019-honda-civic-lx-k20c2-fwd")
        String href) {}
