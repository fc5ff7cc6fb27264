package dev.vspec.command.catalog;

import dev.vspec.command.catalog.ConfigurationEntry.ImageEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PartEntry;
import dev.vspec.command.catalog.ConfigurationEntry.PriceEntry;
import dev.vspec.command.catalog.ConfigurationEntry.SourcesEntry;
import dev.vspec.command.catalog.HeldConfiguration.HeldVin;
import dev.vspec.contracts.catalog.ConfigKeyAliased;
import dev.vspec.contracts.catalog.ConfigurationRegistered;
import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.LaborTimesRecorded;
import dev.vspec.contracts.catalog.Part;
import dev.vspec.contracts.catalog.PartsRecorded;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.ServiceScheduleRecorded;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.TiresRecorded;
import dev.vspec.contracts.identity.Vin;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.core.JsonGenerator;

/**
 * The JSON format {@code vspec-catalog/1} ({@code docs/catalog-format.md}): {@value #FILE} with every
 * configuration, and each image as a file beside it ({@link ExportedImages}). A configuration states its
 * registration's source; any other fact states its own where that differs, so the import records each fact
 * with the source it had. The file is written as {@value #FILE}{@code .partial} and takes its name when finished.
 */
final class JsonCatalogWriter implements CatalogWriter {

    static final String FILE = "catalog.json";
    static final String DESCRIPTION = "vspec catalog export: every configuration the catalog held, each fact with"
            + " its source (vspec catalog import records them again as they were)";

    private final Path folder;
    private final Path partial;
    private final OutputStream out;
    private final JsonGenerator json;
    private boolean finished;

    JsonCatalogWriter(Path folder) throws IOException {
        this.folder = folder;
        this.partial = folder.resolve(FILE + ".partial");
        this.out = new BufferedOutputStream(Files.newOutputStream(partial, StandardOpenOption.CREATE_NEW), 1 << 16);
        this.json = CatalogJson.WRITER.createGenerator(out);
        json.writeStartObject();
        json.writeStringProperty("format", CatalogReader.FORMAT);
        json.writeStringProperty("description", DESCRIPTION);
        json.writeName("configurations");
        json.writeStartArray();
    }

    @Override
    public void write(HeldConfiguration configuration) throws IOException {
        ImageEntry image = null;
        ExteriorImageCached held = configuration.image();
        if (held != null) {
            image = new ImageEntry(held.contentType(), ExportedImages.write(folder, configuration.configKey(), held));
        }
        CatalogJson.WRITER.writeValue(json, entry(configuration, image));
    }

    @Override
    public void finish() throws IOException {
        json.writeEndArray();
        json.writeEndObject();
        json.writeRaw('\n');
        json.close();
        out.close();
        Files.move(partial, folder.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
        finished = true;
    }

    /** Unfinished, it takes away what it wrote: the folder was empty before. */
    @Override
    public void close() throws IOException {
        if (!finished) {
            out.close();
            Files.deleteIfExists(partial);
            ExportedImages.remove(folder);
        }
    }

    /** The configuration as the file writes it. */
    static ConfigurationEntry entry(HeldConfiguration c, ImageEntry image) {
        ConfigurationRegistered registration = c.registration();
        FactSource own = registration.source();
        return new ConfigurationEntry(
                registration.year(),
                registration.make(),
                registration.model(),
                registration.trim(),
                registration.engineCode(),
                registration.drivetrain(),
                registration.label(),
                own,
                valueOf(c.fluids(), FluidsRecorded::fluids),
                valueOf(c.specs(), SpecsRecorded::specs),
                valueOf(c.tires(), TiresRecorded::tires),
                valueOf(c.serviceSchedule(), ServiceScheduleRecorded::intervals),
                parts(c, own),
                valueOf(c.labor(), LaborTimesRecorded::laborTimes),
                image,
                c.aliases().isEmpty()
                        ? null
                        : c.aliases().stream().map(ConfigKeyAliased::alias).toList(),
                c.vins().isEmpty()
                        ? null
                        : c.vins().stream().map(vin -> Vin.parse(vin.vin())).toList(),
                serviceHistories(c.vins()),
                sources(c, own));
    }

    /** Each part of the list, its prices (every dated price of its number) with the first entry of that number. */
    private static List<PartEntry> parts(HeldConfiguration c, FactSource own) {
        if (c.parts() == null) {
            return null;
        }
        Set<String> priced = new HashSet<>();
        List<PartEntry> entries = new ArrayList<>();
        for (Part part : c.parts().parts()) {
            List<PriceEntry> prices = priced.add(part.partNumber())
                    ? c.pricesOf(part.partNumber()).stream()
                            .map(price -> new PriceEntry(
                                    price.amount().toPlainString(),
                                    price.currency(),
                                    price.asOf(),
                                    unlessOwn(price.source(), own)))
                            .toList()
                    : List.of();
            entries.add(new PartEntry(
                    part.partNumber(),
                    part.name(),
                    part.category(),
                    part.brand(),
                    part.quantity(),
                    part.service(),
                    prices.isEmpty() ? null : prices));
        }
        return entries;
    }

    private static Map<String, List<ServiceRecord>> serviceHistories(List<HeldVin> vins) {
        Map<String, List<ServiceRecord>> histories = new LinkedHashMap<>();
        for (HeldVin vin : vins) {
            if (vin.serviceHistory() != null) {
                histories.put(vin.vin(), vin.serviceHistory().records());
            }
        }
        return histories.isEmpty() ? null : histories;
    }

    /** The sources of the facts whose source is not the registration's; null when there is none. */
    private static SourcesEntry sources(HeldConfiguration c, FactSource own) {
        Map<String, FactSource> aliases = new LinkedHashMap<>();
        c.aliases().forEach(alias -> putUnlessOwn(aliases, alias.alias(), alias.source(), own));
        Map<String, FactSource> vins = new LinkedHashMap<>();
        Map<String, FactSource> histories = new LinkedHashMap<>();
        for (HeldVin vin : c.vins()) {
            putUnlessOwn(vins, vin.vin(), vin.link().source(), own);
            if (vin.serviceHistory() != null) {
                putUnlessOwn(histories, vin.vin(), vin.serviceHistory().source(), own);
            }
        }
        SourcesEntry sources = new SourcesEntry(
                unlessOwn(valueOf(c.fluids(), FluidsRecorded::source), own),
                unlessOwn(valueOf(c.specs(), SpecsRecorded::source), own),
                unlessOwn(valueOf(c.tires(), TiresRecorded::source), own),
                unlessOwn(valueOf(c.serviceSchedule(), ServiceScheduleRecorded::source), own),
                unlessOwn(valueOf(c.parts(), PartsRecorded::source), own),
                unlessOwn(valueOf(c.labor(), LaborTimesRecorded::source), own),
                unlessOwn(valueOf(c.image(), ExteriorImageCached::source), own),
                aliases.isEmpty() ? null : aliases,
                vins.isEmpty() ? null : vins,
                histories.isEmpty() ? null : histories);
        return sources.equals(StatedSources.NONE) ? null : sources;
    }

    private static <E, T> T valueOf(E event, Function<E, T> value) {
        return event == null ? null : value.apply(event);
    }

    /**
     * A fact's source where it is not the registration's. A fact recorded before events carried a source has none
     * to write, and takes the registration's or the file's on import.
     */
    private static FactSource unlessOwn(FactSource source, FactSource own) {
        return Objects.equals(source, own) ? null : source;
    }

    private static void putUnlessOwn(Map<String, FactSource> sources, String key, FactSource source, FactSource own) {
        FactSource stated = unlessOwn(source, own);
        if (stated != null) {
            sources.put(key, stated);
        }
    }
}
