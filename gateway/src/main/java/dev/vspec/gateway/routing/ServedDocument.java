package dev.vspec.gateway.routing;

import dev.vspec.contracts.OpenApiDocument;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API's OpenAPI document as the gateway serves it: the bundle's JSON, the same as YAML, each with a weak
 * ETag of its bytes (weak, so that Tomcat still compresses the answer).
 */
record ServedDocument(Representation json, Representation yaml) {

    record Representation(byte[] bytes, String etag) {
        static Representation of(byte[] bytes) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
                return new Representation(bytes, "W/\"" + HexFormat.of().formatHex(digest, 0, 16) + "\"");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static ServedDocument load() {
        byte[] json = OpenApiDocument.bytes();
        DumperOptions block = new DumperOptions();
        block.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        block.setSplitLines(false);
        Object tree = JsonMapper.builder().build().readValue(json, Object.class);
        byte[] yaml = new Yaml(block).dump(tree).getBytes(StandardCharsets.UTF_8);
        return new ServedDocument(Representation.of(json), Representation.of(yaml));
    }
}
