package dev.vspec.query.encoding;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;

/**
 * A group's JSON on its way into an answer: the UTF-8 bytes of a stored document (or of a value
 * rendered by the same {@link dev.vspec.readmodel.GroupDocument}), copied into the response
 * as a raw value, neither decoded nor parsed. A document the configuration cache held comes as its
 * deflate segment ({@link Deflated}), inflated only when an answer is written uncompressed; a gzip
 * answer copies the segment itself ({@link GzipJson}).
 */
public final class StoredJson extends JacksonSerializable.Base {

    private byte[] utf8;
    private byte[] deflated;

    private StoredJson(byte[] utf8, byte[] deflated) {
        this.utf8 = utf8;
        this.deflated = deflated;
    }

    /** The bytes as PostgreSQL sent them (the connection's encoding is UTF-8). */
    public static StoredJson ofUtf8(byte[] utf8) {
        return new StoredJson(utf8, null);
    }

    /** A document as the cache holds it. */
    public static StoredJson ofDeflated(byte[] deflated) {
        return new StoredJson(null, deflated);
    }

    public static StoredJson of(String json) {
        return ofUtf8(json.getBytes(StandardCharsets.UTF_8));
    }

    /** The UTF-8 bytes, inflated at the first call when held deflated. */
    public byte[] utf8() {
        if (utf8 == null) {
            utf8 = Deflated.inflate(deflated);
        }
        return utf8;
    }

    /** The deflate segment, deflated at the first call when read uncompressed. */
    public byte[] deflated() {
        if (deflated == null) {
            deflated = Deflated.deflate(utf8);
        }
        return deflated;
    }

    public String text() {
        return new String(utf8(), StandardCharsets.UTF_8);
    }

    @Override
    public void serialize(JsonGenerator generator, SerializationContext context) {
        generator.writeRawValue(new Raw());
    }

    @Override
    public void serializeWithType(
            JsonGenerator generator, SerializationContext context, TypeSerializer typeSerializer) {
        serialize(generator, context);
    }

    @Override
    public String toString() {
        return text();
    }

    /** The bytes as Jackson's raw-value input; a raw value is only ever written unquoted. */
    private final class Raw implements SerializableString {

        @Override
        public String getValue() {
            return text();
        }

        @Override
        public int charLength() {
            return getValue().length();
        }

        @Override
        public byte[] asUnquotedUTF8() {
            return utf8();
        }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            if (offset + utf8().length > buffer.length) {
                return -1;
            }
            System.arraycopy(utf8(), 0, buffer, offset, utf8().length);
            return utf8().length;
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(utf8());
            return utf8().length;
        }

        @Override
        public int putUnquotedUTF8(ByteBuffer buffer) {
            if (utf8().length > buffer.remaining()) {
                return -1;
            }
            buffer.put(utf8());
            return utf8().length;
        }

        @Override
        public int appendUnquoted(char[] buffer, int offset) {
            return quoted().appendUnquoted(buffer, offset);
        }

        @Override
        public char[] asQuotedChars() {
            return quoted().asQuotedChars();
        }

        @Override
        public byte[] asQuotedUTF8() {
            return quoted().asQuotedUTF8();
        }

        @Override
        public int appendQuotedUTF8(byte[] buffer, int offset) {
            return quoted().appendQuotedUTF8(buffer, offset);
        }

        @Override
        public int appendQuoted(char[] buffer, int offset) {
            return quoted().appendQuoted(buffer, offset);
        }

        @Override
        public int writeQuotedUTF8(OutputStream out) throws IOException {
            return quoted().writeQuotedUTF8(out);
        }

        @Override
        public int putQuotedUTF8(ByteBuffer buffer) throws IOException {
            return quoted().putQuotedUTF8(buffer);
        }

        private SerializedString quoted() {
            return new SerializedString(getValue());
        }
    }
}
