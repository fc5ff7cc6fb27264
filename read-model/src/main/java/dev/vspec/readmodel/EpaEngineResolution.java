package dev.vspec.readmodel;

import dev.vspec.contracts.epa.EpaEngines;
import dev.vspec.contracts.epa.EpaSubject;
import dev.vspec.decoder.CatalogIdentity;
import dev.vspec.decoder.EngineCode;
import dev.vspec.decoder.VinDecoding;
import java.util.List;
import java.util.Locale;
import org.jooq.DSLContext;
import org.jooq.Table;

/**
 * The engine of a VIN whose vPIC decode tells its model but no engine code: the EPA's entries of that model year, make,
 * model and drive ({@link EpaEngines}). Exactly one engine resolves the engine code ({@link EngineCode#fromEpa});
 * several leave it unresolved, and are the candidates a 422 {@code unsupported_vehicle} lists.
 *
 * @param decoding   the decode, with the EPA's engine code where exactly one engine resolved it
 * @param candidates the engines the EPA lists for the model: none where vPIC gave an engine code or the EPA lists none
 */
public record EpaEngineResolution(VinDecoding decoding, List<EpaEngines.Engine> candidates) {

    public EpaEngineResolution {
        candidates = List.copyOf(candidates);
    }

    /**
     * The decode completed from the EPA's entries held in {@code entries}, where it needs it.
     *
     * @param entries the query side's {@code read.epa_entry}, or the command side's {@code command.epa_entry}
     *                ({@link EpaRows#ofYearAndMake})
     */
    public static EpaEngineResolution of(DSLContext db, Table<?> entries, VinDecoding decoding) {
        if (decoding == null || decoding.engineCode() != null || !decoding.identifiesModel()) {
            return new EpaEngineResolution(decoding, List.of());
        }
        List<String> drives = CatalogIdentity.drivetrains(decoding.driveType());
        EpaSubject model = new EpaSubject(
                decoding.modelYear(),
                decoding.make(),
                decoding.vpicModel() == null ? decoding.model() : decoding.vpicModel(),
                null,
                null,
                null,
                drives.isEmpty() ? null : drives.get(0).toUpperCase(Locale.ROOT),
                decoding.electrification());
        List<EpaEngines.Engine> engines = EpaEngines.of(
                model,
                EpaRows.ofYearAndMake(db, entries, decoding.modelYear(), decoding.make()).stream()
                        .map(EpaRows::entry)
                        .toList());
        if (engines.size() == 1) {
            EpaEngines.Engine engine = engines.get(0);
            EngineCode code = EngineCode.fromEpa(
                    engine.displacementL(),
                    engine.cylinders(),
                    decoding.engineConfiguration(),
                    engine.fuel(),
                    engine.epaIds());
            if (code != null) {
                return new EpaEngineResolution(decoding.withEngineCode(code), engines);
            }
        }
        return new EpaEngineResolution(decoding, engines);
    }
}
