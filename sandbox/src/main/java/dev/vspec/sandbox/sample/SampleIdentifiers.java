package dev.vspec.sandbox.sample;

import static dev.vspec.storage.jooq.command.Tables.ENRICHMENT_JOB;
import static dev.vspec.storage.jooq.read.Tables.CONFIGURATION;
import static dev.vspec.storage.jooq.read.Tables.RECALL;
import static dev.vspec.storage.jooq.read.Tables.SERVICE_RECORD;
import static dev.vspec.storage.jooq.read.Tables.VIN;

import dev.vspec.contracts.enrichment.EnrichmentJobId;
import dev.vspec.contracts.recalls.Recall;
import dev.vspec.readmodel.Group;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Records;
import org.springframework.stereotype.Component;

/**
 * What the sandbox can answer, as query strings a 404 lists under {@code available}: every sample
 * configuration by config_key and by year/make/model/trim, every linked VIN, the VINs with a service
 * history, the sample enrichment jobs. Read from schema {@code sample} for each 404, so a build by
 * a newer instance shows at once; 404s are rare and limited like every request.
 */
@Component
public class SampleIdentifiers {

    private final DSLContext db;

    /** Takes the schema so that it is built before anything here reads it. */
    SampleIdentifiers(DSLContext db, SampleSchema schema) {
        this.db = db;
    }

    /** The identifiers that route (a live path such as {@code /api/v1/fluids}) answers for. */
    public List<String> forRoute(String livePath) {
        if (livePath.equals(Group.SERVICE_HISTORY.route())) {
            return serviceHistory();
        }
        if (livePath.equals(EnrichmentJobId.ROUTE)) {
            return jobs();
        }
        if (livePath.equals(Group.RECALLS.route())) {
            return recalls();
        }
        return vehicles();
    }

    private List<String> vehicles() {
        List<String> identifiers = new ArrayList<>();
        db.selectFrom(CONFIGURATION).orderBy(CONFIGURATION.CONFIG_KEY).forEach(row -> {
            identifiers.add("config_key=" + encode(row.getConfigKey()));
            identifiers.add("year=" + row.getYear() + "&make=" + encode(row.getMake()) + "&model="
                    + encode(row.getModel()) + "&trim=" + encode(row.getTrim()));
        });
        identifiers.addAll(db.select(VIN.VIN_).from(VIN).orderBy(VIN.VIN_).fetch(Records.mapping(vin -> "vin=" + vin)));
        return List.copyOf(identifiers);
    }

    private List<String> serviceHistory() {
        return db.selectDistinct(SERVICE_RECORD.VIN)
                .from(SERVICE_RECORD)
                .orderBy(SERVICE_RECORD.VIN)
                .fetch(Records.mapping(vin -> "vin=" + vin));
    }

    /** The models the sample's recalls are listed for; any year, make and model answers, these with campaigns. */
    private List<String> recalls() {
        return db.selectDistinct(RECALL.MODEL_YEAR, RECALL.MAKE_KEY, RECALL.MODEL_KEY)
                .from(RECALL)
                .where(RECALL.RECORD_TYPE.eq(Recall.VEHICLE))
                .orderBy(RECALL.MODEL_YEAR, RECALL.MAKE_KEY, RECALL.MODEL_KEY)
                .fetch(Records.mapping(
                        (year, make, model) -> "year=" + year + "&make=" + encode(make) + "&model=" + encode(model)));
    }

    private List<String> jobs() {
        List<String> identifiers = new ArrayList<>();
        // the sandbox's own jobs: schema command is rendered as schema sample here (SampleSchemaMapping)
        db.select(ENRICHMENT_JOB.JOB_ID)
                .from(ENRICHMENT_JOB)
                .orderBy(ENRICHMENT_JOB.JOB_ID)
                .fetch(Records.mapping(EnrichmentJobId::parse))
                .forEach(parsed -> parsed.ifPresent(job -> {
                    identifiers.add("job_id=" + job.value());
                    identifiers.add("vin=" + job.vin());
                }));
        return List.copyOf(identifiers);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
