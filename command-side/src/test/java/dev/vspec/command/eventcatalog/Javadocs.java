package dev.vspec.command.eventcatalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Javadoc of a type, read from its source file, so the catalog explains each event in the
 * words its code does. A published type without Javadoc fails the generation.
 */
final class Javadocs {

    private static final Pattern LEADING_STARS = Pattern.compile("(?m)^\\s*\\*\\s?");
    private static final Pattern INLINE_TAG = Pattern.compile("\\{@(?:code|link|linkplain|value) +#?([^}]*)}");
    private static final Pattern PARAM = Pattern.compile("@param\\s+(\\w+)\\s+(.*?)(?=\\s@\\w+|$)", Pattern.DOTALL);

    private final List<Path> sourceRoots;

    Javadocs(List<Path> sourceRoots) {
        this.sourceRoots = List.copyOf(sourceRoots);
    }

    /** The Javadoc's text before its block tags, as Markdown on one line. */
    String describe(Class<?> type) {
        String text = javadoc(type);
        int blockTags = text.indexOf("\n@");
        return oneLine(blockTags < 0 ? text : text.substring(0, blockTags));
    }

    /** The text of each {@code @param} tag, by parameter name. */
    Map<String, String> params(Class<?> type) {
        Map<String, String> params = new LinkedHashMap<>();
        Matcher param = PARAM.matcher(javadoc(type));
        while (param.find()) {
            params.put(param.group(1), oneLine(param.group(2)));
        }
        return params;
    }

    private String javadoc(Class<?> type) {
        Pattern declaration = Pattern.compile(
                "/\\*\\*((?:(?!\\*/).)*)\\*/\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*"
                        + "public\\s+(?:final\\s+)?(?:record|enum|class|interface)\\s+" + type.getSimpleName() + "\\b",
                Pattern.DOTALL);
        Matcher matcher = declaration.matcher(source(type));
        if (!matcher.find()) {
            throw new IllegalStateException(
                    type.getName() + " has no Javadoc; the event catalog takes its meaning from it");
        }
        return LEADING_STARS.matcher(matcher.group(1)).replaceAll("").strip();
    }

    private String source(Class<?> type) {
        String file = type.getName().replace('.', '/') + ".java";
        for (Path root : sourceRoots) {
            Path path = root.resolve(file);
            if (Files.isRegularFile(path)) {
                try {
                    return Files.readString(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        throw new IllegalStateException("no source of " + type.getName() + " under " + sourceRoots);
    }

    private static String oneLine(String javadoc) {
        return INLINE_TAG
                .matcher(javadoc)
                .replaceAll("`$1`")
                .replaceAll("\\s+", " ")
                .strip();
    }
}
