package dev.vspec.contracts;

import dev.vspec.contracts.enrichment.EnrichmentJobId;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The API's writes: every route the command side answers, each a POST. Every other route under
 * {@code /api} is a read (GET, HEAD) that the query side answers. The gateway routes by this list, so
 * it can answer a wrong method on a write's path with 405 and every method the path takes.
 */
public enum WriteRoute {

    /** Schedules enrichment; a GET of the same path polls a job, on the query side. */
    ENRICH(Paths.ENRICH, true),
    /** The website's request-access form. */
    REQUEST_ACCESS(Paths.REQUEST_ACCESS, false);

    /** The paths as constants, for the handlers' mapping annotations. */
    public static final class Paths {
        public static final String ENRICH = EnrichmentJobId.ROUTE;
        public static final String REQUEST_ACCESS = "/api/request-access";

        private Paths() {
        }
    }

    private final String path;
    private final boolean alsoRead;

    WriteRoute(String path, boolean alsoRead) {
        this.path = path;
        this.alsoRead = alsoRead;
    }

    public String path() {
        return path;
    }

    /** Whether a GET of this path is a read the query side answers. */
    public boolean alsoRead() {
        return alsoRead;
    }

    /** The methods this path takes, as an {@code Allow} header lists them. */
    public List<String> allowedMethods() {
        return alsoRead ? List.of("GET", "HEAD", "POST", "OPTIONS") : List.of("POST", "OPTIONS");
    }

    public static Optional<WriteRoute> of(String path) {
        return Arrays.stream(values()).filter(route -> route.path.equals(path)).findFirst();
    }
}
