package dev.vspec.contracts.catalog;

/** The exterior render of a configuration, with its content type and the SHA-256 of its bytes (hex), which serves as its ETag. */
public record ExteriorImageCached(
        String configKey, String contentType, byte[] image, String sha256, FactSource source) {}
