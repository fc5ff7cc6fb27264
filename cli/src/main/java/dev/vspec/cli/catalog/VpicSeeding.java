package dev.vspec.cli.catalog;

import dev.vspec.cli.projections.ProgressBar;
import dev.vspec.command.catalog.CatalogCommandSide;
import dev.vspec.command.catalog.VpicFacts;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.ConfigurationEnumerator;
import dev.vspec.decoder.ConfigurationEnumerator.Request;
import dev.vspec.decoder.VinDecoder;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Seeding the catalog from vPIC in two steps, each with a progress bar: enumerate the configurations (keeping
 * only each one's first VIN, 17 characters, rather than its decode), then decode each VIN again and register
 * what vPIC says of it ({@link VpicFacts#commands()}) through the configuration aggregates, which store an
 * event only for what changed: a second run stores nothing. {@code vspec catalog import-vpic} runs it, and so does the
 * catalog import benchmark.
 */
public final class VpicSeeding {

    /** A refused configuration's message is shown for the first few. */
    private static final int REFUSALS_SHOWN = 3;

    private final VinDecoder decoder;
    private final ConfigurationEnumerator enumerator;
    private final PrintWriter out;
    private final boolean terminal;

    public VpicSeeding(VinDecoder decoder, ConfigurationEnumerator enumerator, PrintWriter out, boolean terminal) {
        this.decoder = decoder;
        this.enumerator = enumerator;
        this.out = out;
        this.terminal = terminal;
    }

    /** What the enumeration found: each configuration, by the first VIN that decodes as it, in the order found. */
    public record Enumerated(List<Configuration> configurations, ConfigurationEnumerator.Summary summary) {

        public List<String> vins() {
            return configurations.stream().map(Configuration::vin).toList();
        }
    }

    /** A configuration found: its config_key and a VIN built to decode as it. */
    public record Configuration(String configKey, String vin) {}

    /**
     * What the import did.
     *
     * @param refusals the first few refusals' messages
     */
    public record Imported(
            int configurations,
            long commands,
            long eventsStored,
            int refused,
            List<String> refusals,
            Duration elapsed) {}

    public Enumerated enumerate(Request request) {
        ProgressBar bar = new ProgressBar(out, terminal, "WMIs");
        List<Configuration> found = new ArrayList<>();
        boolean[] started = {false};
        ConfigurationEnumerator.Summary summary = enumerator.enumerate(
                request,
                configuration ->
                        found.add(new Configuration(configuration.identity().configKey(), configuration.vin())),
                (done, total, configurations) -> {
                    if (!started[0]) {
                        bar.step("Enumerating the configurations of the WMIs' VIN schemas", total);
                        started[0] = true;
                    }
                    bar.read(done);
                });
        bar.done();
        return new Enumerated(List.copyOf(found), summary);
    }

    public Imported register(List<String> vins, DataSource dataSource) {
        long started = System.nanoTime();
        ProgressBar bar = new ProgressBar(out, terminal, "configurations");
        bar.step("Registering them through the catalog's aggregates", vins.size());
        long commands = 0;
        int refused = 0;
        List<String> refusals = new ArrayList<>();
        try (CatalogCommandSide commandSide = CatalogCommandSide.over(dataSource)) {
            for (int i = 0; i < vins.size(); i++) {
                VpicFacts facts = VpicFacts.of(decoder.decode(Vin.parse(vins.get(i))))
                        .orElseThrow(() -> new IllegalStateException(
                                "a VIN the enumeration found no longer names a configuration"));
                try {
                    commandSide.send(facts.commands());
                    commands += facts.commands().size();
                } catch (ApiException e) {
                    if (refused++ < REFUSALS_SHOWN) {
                        refusals.add(e.getMessage());
                    }
                }
                bar.read(i + 1);
            }
            bar.done();
            return new Imported(
                    vins.size(),
                    commands,
                    commandSide.eventsStored(),
                    refused,
                    List.copyOf(refusals),
                    Duration.ofNanos(System.nanoTime() - started));
        }
    }
}
