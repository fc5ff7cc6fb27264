package dev.vspec.contracts;

import dev.vspec.contracts.enrichment.EnrichmentJobId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The routes the command side answers: the API's writes (each a POST) and the routes of a key's
 * webhooks, whose state only the command side holds (so their GET and DELETE go there too). Every
 * other route under {@code /api} is a read (GET, HEAD) that the query side answers. The gateway
 * routes by this list, so it can answer a wrong method on one of these paths with 405 and every
 * method the path takes.
 */
public enum WriteRoute {

    /** Schedules enrichment; a GET of the same path polls a job, on the query side. */
    ENRICH(Paths.ENRICH, true, "POST"),
    /** The website's request-access form. */
    REQUEST_ACCESS(Paths.REQUEST_ACCESS, false, "POST"),
    /** Registers a webhook (POST) and lists the key's webhooks (GET). */
    WEBHOOKS(Paths.WEBHOOKS, false, "GET", "POST"),
    /** The key's webhook deliveries, newest first. */
    WEBHOOK_DELIVERIES(Paths.WEBHOOK_DELIVERIES, false, "GET"),
    /** Deletes one of the key's webhooks. */
    WEBHOOK(Paths.WEBHOOK, false, "DELETE");

    /** The paths as constants, for the handlers' mapping annotations. */
    public static final class Paths {
        public static final String ENRICH = EnrichmentJobId.ROUTE;
        public static final String REQUEST_ACCESS = "/api/request-access";
        public static final String WEBHOOKS = "/api/v0/webhooks";
        public static final String WEBHOOK_DELIVERIES = WEBHOOKS + "/deliveries";
        public static final String WEBHOOK = WEBHOOKS + "/{id}";

        private Paths() {}
    }

    private final String path;
    private final boolean alsoRead;
    private final Set<String> methods;

    WriteRoute(String path, boolean alsoRead, String... methods) {
        this.path = path;
        this.alsoRead = alsoRead;
        this.methods = Set.of(methods);
    }

    /** The path, a template when a segment is a variable ({@code {id}}). */
    public String path() {
        return path;
    }

    /** Whether a GET of this path is a read the query side answers. */
    public boolean alsoRead() {
        return alsoRead;
    }

    /** The methods the command side answers on this path (HEAD along with GET). */
    public boolean commandSideTakes(String method) {
        return methods.contains(method) || ("HEAD".equals(method) && methods.contains("GET"));
    }

    /** The methods the command side maps on this path, as its handlers declare them. */
    public Set<String> commandSideMethods() {
        return methods;
    }

    /** The methods this path takes, on either side, as an {@code Allow} header lists them. */
    public List<String> allowedMethods() {
        List<String> allowed = new ArrayList<>();
        boolean reads = alsoRead || methods.contains("GET");
        if (reads) {
            allowed.addAll(List.of("GET", "HEAD"));
        }
        for (String method : List.of("POST", "DELETE")) {
            if (methods.contains(method)) {
                allowed.add(method);
            }
        }
        allowed.add("OPTIONS");
        return List.copyOf(allowed);
    }

    /** The route of {@code path}: a literal path before a template that also matches it. */
    public static Optional<WriteRoute> of(String path) {
        return Arrays.stream(values())
                .filter(route -> route.path.equals(path))
                .findFirst()
                .or(() -> Arrays.stream(values())
                        .filter(route -> route.matchesTemplate(path))
                        .findFirst());
    }

    private boolean matchesTemplate(String candidate) {
        if (!path.contains("{")) {
            return false;
        }
        String[] template = path.split("/", -1);
        String[] segments = candidate.split("/", -1);
        if (template.length != segments.length) {
            return false;
        }
        for (int i = 0; i < template.length; i++) {
            boolean variable = template[i].startsWith("{") && template[i].endsWith("}");
            if (variable ? segments[i].isEmpty() : !template[i].equals(segments[i])) {
                return false;
            }
        }
        return true;
    }
}
