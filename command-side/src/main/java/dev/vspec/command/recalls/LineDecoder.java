package dev.vspec.command.recalls;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A line's bytes as text: strict UTF-8, or windows-1252 for a line that is not UTF-8. NHTSA's files are UTF-8 but
 * carry text pasted from Windows; reading such a line as windows-1252 gives back its ’ and é where a lenient UTF-8
 * reading would give U+FFFD.
 */
final class LineDecoder {

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    /** The text, and the offset of the first byte that is not UTF-8 ({@code -1} when the line is UTF-8). */
    record Text(String text, int notUtf8At) {}

    private final CharsetDecoder utf8 = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private CharBuffer chars = CharBuffer.allocate(1 << 15);

    Text decode(byte[] bytes, int length) {
        if (chars.capacity() < length) {
            chars = CharBuffer.allocate(length);
        }
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        chars.clear();
        utf8.reset();
        CoderResult result = utf8.decode(in, chars, true);
        if (result.isError()) {
            return new Text(new String(bytes, 0, length, WINDOWS_1252), in.position());
        }
        utf8.flush(chars);
        return new Text(chars.flip().toString(), -1);
    }
}
