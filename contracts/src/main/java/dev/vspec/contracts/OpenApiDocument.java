package dev.vspec.contracts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The API's OpenAPI document: written by hand under {@code docs/openapi/}, bundled by this module's build into
 * one JSON document on the classpath, which the gateway serves and every module's tests check the handlers
 * against.
 */
public final class OpenApiDocument {

    /** Where the build puts the bundle. */
    public static final String RESOURCE = "/dev/vspec/contracts/openapi/openapi.json";

    private OpenApiDocument() {}

    /** The bundle's bytes. */
    public static byte[] bytes() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        "Missing resource " + RESOURCE + ": contracts' build bundles docs/openapi/openapi.yaml there");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
