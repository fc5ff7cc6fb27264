package dev.vspec.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No two of the query side's packages depend on each other, however indirectly: read from the compiled classes, each
 * package's references to the others form a graph without cycles. A class file names every class its code, fields,
 * signatures and annotations use; a constant another package declares is copied in by the compiler and not named.
 */
class PackageCyclesTest {

    private static final String ROOT = "dev/vspec/query/";
    private static final Pattern REFERENCE = Pattern.compile(Pattern.quote(ROOT) + "((?:[a-z0-9_]+/)*)[A-Za-z0-9_$]+");

    @Test
    void theQuerySidesPackagesFormNoCycle() throws IOException, URISyntaxException {
        Map<String, Set<String>> graph = packageGraph(classesDirectory());
        List<Set<String>> cycles = cycles(graph);
        assertThat(cycles)
                .as("packages that depend on each other, in query-side's package graph %s", graph)
                .isEmpty();
    }

    private static Path classesDirectory() throws URISyntaxException {
        return Path.of(QuerySideApplication.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    }

    /** Each package, named below {@code dev.vspec.query} ({@code .} for that package itself), to those it uses. */
    private static Map<String, Set<String>> packageGraph(Path classes) throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(classes.resolve(ROOT))) {
            for (Path file :
                    files.filter(path -> path.toString().endsWith(".class")).toList()) {
                String from = packageOf(classes.relativize(file.getParent()).toString() + "/");
                Set<String> to = graph.computeIfAbsent(from, name -> new TreeSet<>());
                for (String name : namesIn(file)) {
                    Matcher reference = REFERENCE.matcher(name);
                    while (reference.find()) {
                        to.add(packageOf(ROOT + reference.group(1)));
                    }
                }
                to.remove(from);
            }
        }
        return graph;
    }

    private static String packageOf(String directory) {
        String below = directory.replace('\\', '/').substring(ROOT.length());
        return below.isEmpty() ? "." : below.substring(0, below.length() - 1).replace('/', '.');
    }

    /** The class file's UTF-8 constants: every class name and descriptor it holds is one of them. */
    private static List<String> namesIn(Path classFile) throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream bytes = Files.newInputStream(classFile);
                DataInputStream in = new DataInputStream(bytes)) {
            in.skipNBytes(8); // magic, minor and major version
            int count = in.readUnsignedShort();
            for (int index = 1; index < count; index++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> names.add(in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        index++; // a long or double takes two entries
                    }
                    default -> throw new IOException(classFile + ": constant pool tag " + tag);
                }
            }
        }
        return names;
    }

    /** The strongly connected components of more than one package (Tarjan's algorithm). */
    private static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> lowest = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<Set<String>> cycles = new ArrayList<>();
        for (String node : graph.keySet()) {
            if (!index.containsKey(node)) {
                connect(node, graph, index, lowest, stack, cycles);
            }
        }
        return cycles;
    }

    private static void connect(
            String node,
            Map<String, Set<String>> graph,
            Map<String, Integer> index,
            Map<String, Integer> lowest,
            Deque<String> stack,
            List<Set<String>> cycles) {
        index.put(node, index.size());
        lowest.put(node, index.get(node));
        stack.push(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            if (!index.containsKey(next)) {
                connect(next, graph, index, lowest, stack, cycles);
                lowest.put(node, Math.min(lowest.get(node), lowest.get(next)));
            } else if (stack.contains(next)) {
                lowest.put(node, Math.min(lowest.get(node), index.get(next)));
            }
        }
        if (lowest.get(node).equals(index.get(node))) {
            Set<String> component = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                component.add(member);
            } while (!member.equals(node));
            if (component.size() > 1) {
                cycles.add(component);
            }
        }
    }
}
