package dev.vspec.platform.web;

import dev.vspec.contracts.error.ErrorCode;

/** Where the docs page explains an error code: the page's anchor named after the code. */
public final class ErrorDocs {

    public static final String PAGE = "/docs";

    private ErrorDocs() {}

    /** {@code <site>/docs#<code>}, e.g. {@code https://vspec.example/docs#rate_limited}. */
    public static String link(String siteUrl, ErrorCode code) {
        return link(siteUrl, code.code());
    }

    /** The same for a code as a body names it (one a newer backend may know and this code not). */
    public static String link(String siteUrl, String code) {
        String site = siteUrl.endsWith("/") ? siteUrl.substring(0, siteUrl.length() - 1) : siteUrl;
        return site + PAGE + "#" + code;
    }
}
