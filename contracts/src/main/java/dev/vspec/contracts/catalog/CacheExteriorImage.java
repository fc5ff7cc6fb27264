package dev.vspec.contracts.catalog;

/** Caches the exterior render of a configuration; the bytes travel base64-encoded in JSON. */
public record CacheExteriorImage(String configKey, String contentType, byte[] image, FactSource source)
        implements ConfigurationCommand {

    public CacheExteriorImage {
        FactSource.require(source, "CacheExteriorImage");
    }
}
