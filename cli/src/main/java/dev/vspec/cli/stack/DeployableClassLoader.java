package dev.vspec.cli.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one deployable sees of the single classpath the local stack runs them all on: every class, but the
 * auto-configuration and Spring factories of its own jars alone, as when it runs from its own jar. Its own
 * jars are those its build listed in {@code META-INF/vspec/deployables/<id>.classpath} (the root POM's
 * {@code deployable-classpath}), so a deployable's role is its dependencies, named once in its POM: the query
 * side starts no Axon, the gateway looks for no database.
 */
final class DeployableClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private static final String FACTORIES = "META-INF/spring.factories";
    private static final String SPRING_IMPORTS = "META-INF/spring/";

    private final Set<String> ownJars;

    DeployableClassLoader(String deployable, ClassLoader classpath) {
        super("vspec-" + deployable, classpath);
        this.ownJars = ownJars(deployable, classpath);
    }

    @Override
    public URL getResource(String name) {
        if (!declaresConfiguration(name)) {
            return super.getResource(name);
        }
        try {
            Enumeration<URL> own = getResources(name);
            return own.hasMoreElements() ? own.nextElement() : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        Enumeration<URL> all = super.getResources(name);
        if (!declaresConfiguration(name)) {
            return all;
        }
        List<URL> own = Collections.list(all).stream().filter(this::isOwn).toList();
        return Collections.enumeration(own);
    }

    private static boolean declaresConfiguration(String name) {
        return name.equals(FACTORIES) || name.startsWith(SPRING_IMPORTS);
    }

    /** A directory of classes (a build in an IDE) cannot be told apart by name: it counts as the deployable's. */
    private boolean isOwn(URL resource) {
        String jar = jarName(resource);
        return jar == null || ownJars.contains(jar);
    }

    /**
     * The file name of the jar a resource is in, nested or not ({@code jar:file:/m2/x-1.jar!/META-INF/...},
     * {@code jar:nested:/app/vspec.jar/!BOOT-INF/lib/x-1.jar!/META-INF/...}), or null outside a jar.
     */
    static String jarName(URL resource) {
        return jarName(resource.toString());
    }

    static String jarName(String url) {
        int entry = url.lastIndexOf("!/");
        if (entry < 0) {
            return null;
        }
        String jar = url.substring(url.lastIndexOf('/', entry - 1) + 1, entry);
        return jar.endsWith(".jar") ? jar : null;
    }

    private static Set<String> ownJars(String deployable, ClassLoader classpath) {
        String list = "META-INF/vspec/deployables/" + deployable + ".classpath";
        URL listed = classpath.getResource(list);
        if (listed == null) {
            throw new IllegalStateException(
                    "the classpath holds no " + list + ": " + deployable + "'s jar was built without it; rebuild");
        }
        Set<String> jars = new HashSet<>();
        jars.add(jarName(listed));
        try (InputStream in = listed.openStream()) {
            Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split(","))
                    .map(String::strip)
                    .filter(path -> !path.isEmpty())
                    .map(path -> path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1))
                    .forEach(jars::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jars;
    }
}
