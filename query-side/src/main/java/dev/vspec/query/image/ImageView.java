package dev.vspec.query.image;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The image group: where the cached render is and what it is, not its bytes. {@code etag} is the
 * value the image route answers in its {@code ETag} header; {@code href} fetches the bytes.
 */
public record ImageView(@JsonProperty("content_type") String contentType, String etag, String href) {
}
