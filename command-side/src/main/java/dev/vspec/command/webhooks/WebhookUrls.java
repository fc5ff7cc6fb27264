package dev.vspec.command.webhooks;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Which URLs a key may register: absolute {@code https://} URLs (and {@code http://} where the
 * operator allows it) of a bounded length, without user info or fragment, whose host resolves to
 * addresses the {@link AddressGuard} lets through. A refused one is 400 {@code invalid_param} naming why.
 */
final class WebhookUrls {

    private final AddressGuard guard;
    private final boolean allowHttp;
    private final int maxLength;

    WebhookUrls(AddressGuard guard, boolean allowHttp, int maxLength) {
        this.guard = guard;
        this.allowHttp = allowHttp;
        this.maxLength = maxLength;
    }

    URI check(String url) {
        if (url.length() > maxLength) {
            throw refused("url is " + url.length() + " characters long; at most " + maxLength + " are accepted");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw refused("url is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowHttp && scheme.equals("http"))) {
            throw refused("url must be an https:// URL" + (allowHttp ? " (or http://)" : ""));
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw refused("url names no host");
        }
        if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw refused("url must carry no user info (user:password@) and no fragment (#…)");
        }
        try {
            guard.resolve(uri.getHost());
        } catch (AddressGuard.Refused e) {
            throw refused(e.getMessage());
        } catch (UnknownHostException e) {
            throw refused("the host " + uri.getHost() + " does not resolve");
        }
        return uri;
    }

    private static ApiException refused(String why) {
        return ApiException.about("url", ErrorCode.INVALID_PARAM, why);
    }
}
