package dev.vspec.query.lookup;

import static dev.vspec.storage.jooq.read.Tables.EPA_ENTRY;

import dev.vspec.decoder.VinDecoding;
import dev.vspec.readmodel.EpaEngineResolution;
import org.jooq.DSLContext;
import org.springframework.stereotype.Component;

/**
 * The engine of a VIN vPIC gives no engine data for, from the EPA's entries of its model in {@code read.epa_entry}
 * ({@link EpaEngineResolution}): one engine resolves its engine code, several are the candidates its 422 lists. A
 * decode with an engine code costs nothing here.
 */
@Component
public class VinEngines {

    private final DSLContext db;

    VinEngines(DSLContext db) {
        this.db = db;
    }

    public EpaEngineResolution resolve(VinDecoding decoding) {
        return EpaEngineResolution.of(db, EPA_ENTRY, decoding);
    }
}
