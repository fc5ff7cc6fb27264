package dev.vspec.query;

import dev.vspec.decoding.DecoderSource;
import dev.vspec.testing.Api;
import dev.vspec.testing.DecoderReady;
import dev.vspec.testing.TestKeys;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What every route IT starts from: the shared context with its VIN decoder loaded, its fixtures seeded ({@link #seed}: the group
 * fixtures unless a test needs others), a client with a full-access key on the random port.
 */
@QuerySideIT
public abstract class SeededRouteIT {

    @LocalServerPort
    protected int port;

    @Autowired
    protected DSLContext db;

    @Autowired
    private DecoderSource decoders;

    protected Api api;

    @BeforeEach
    void seedAndConnect() {
        DecoderReady.await(decoders);
        seed(db);
        // Where each fact came from (the vehicle's source and coverage) is CoverageIT's subject.
        api = new Api(port, TestKeys.fullAccess(db)).identityOnly();
    }

    /** The read tables this test reads. */
    protected void seed(DSLContext db) {
        ReadModelSeed.seedGroups(db);
    }
}
