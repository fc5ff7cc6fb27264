package dev.vspec.query.image;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The image group: where the cached render is and what it is, not its bytes. {@code etag} is the
 * value the image route answers in its {@code ETag} header; {@code href} fetches the bytes from the
 * surface that answered (the live API, or the sandbox under its own prefix).
 */
public record ImageView(@JsonProperty("content_type") String contentType, String etag, String href) {}
