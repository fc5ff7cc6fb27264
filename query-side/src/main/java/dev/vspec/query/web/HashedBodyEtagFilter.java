package dev.vspec.query.web;

import dev.vspec.platform.web.RequestWithoutHeader;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.Adler32;
import java.util.zip.CRC32C;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.util.StringUtils;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;
import org.springframework.web.util.WebUtils;

/**
 * ETags and conditional GETs of the API's answers. A successful GET's ETag is a hash of the answer's bytes,
 * unless the route set its own (the image keeps its SHA-256). Spring's
 * {@link ServletWebRequest#checkNotModified(String, long)} then weighs the request's preconditions against
 * it and against the answer's {@code Last-Modified} ({@link LastModified}): If-None-Match when sent, else
 * If-Modified-Since (RFC 9110, 13.2.2); a date it cannot read is ignored. A 304 drops the body and keeps
 * the headers the 200 has: ETag, Cache-Control, Vary, Last-Modified.
 *
 * <p>This is Spring's {@code ShallowEtagHeaderFilter} with two changes. That filter weighs the ETag alone
 * (it never reads a Last-Modified), so an If-Modified-Since would go unanswered or, answered by the route,
 * come back without the ETag. And its MD5 of every answer was a fifth of the query side's CPU time on
 * {@code /v1/vehicle} (7 KB answers): an ETag only has to change when the answer for the same URL changes,
 * which CRC-32C and Adler-32 together (64 bits, both computed by CPU instructions) do for all but one change
 * in 2^64; no caller gains from forging a collision.
 */
public final class HashedBodyEtagFilter extends OncePerRequestFilter {

    /** The forms of an HTTP date: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must read too. */
    private static final List<DateTimeFormatter> HTTP_DATES = Stream.of(
                    "EEE, dd MMM uuuu HH:mm:ss 'GMT'", "EEEE, dd-MMM-uu HH:mm:ss 'GMT'", "EEE MMM ppd HH:mm:ss uuuu")
            .map(pattern -> DateTimeFormatter.ofPattern(pattern, Locale.US).withResolverStyle(ResolverStyle.STRICT))
            .toList();

    /** The ETag waits for the last dispatch of an answer given asynchronously, as in Spring's filter. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        boolean held = isAsyncDispatch(request) || response instanceof HeldAnswer;
        HttpServletResponse answer = held ? response : new HeldAnswer(response);
        chain.doFilter(request, answer);
        if (!isAsyncStarted(request)) {
            conclude(request, WebUtils.getNativeResponse(answer, HeldAnswer.class));
        }
    }

    /** Sends the held answer, or a 304 when the request's preconditions say the client holds it already. */
    private static void conclude(HttpServletRequest request, HeldAnswer answer) throws IOException {
        HttpServletResponse response = (HttpServletResponse) answer.getResponse();
        if (revalidated(request, answer)) {
            String etag = answer.getHeader(HttpHeaders.ETAG);
            if (!StringUtils.hasText(etag)) {
                etag = hash(answer.getContentInputStream());
                response.setHeader(HttpHeaders.ETAG, etag);
            }
            if (new ServletWebRequest(withoutInvalidDates(request), response)
                    .checkNotModified(etag, lastModified(response))) {
                return;
            }
        }
        answer.copyBodyToResponse();
    }

    /**
     * The request without its If-Modified-Since when that is not an HTTP date (RFC 9110, 5.6.7), which a recipient
     * must ignore: Tomcat reads dates leniently (32 February as 4 March), so an invalid one could answer 304.
     */
    private static HttpServletRequest withoutInvalidDates(HttpServletRequest request) {
        String since = request.getHeader(HttpHeaders.IF_MODIFIED_SINCE);
        if (since == null || HTTP_DATES.stream().anyMatch(format -> parses(format, since))) {
            return request;
        }
        return new RequestWithoutHeader(request, HttpHeaders.IF_MODIFIED_SINCE);
    }

    private static boolean parses(DateTimeFormatter format, String text) {
        try {
            format.parse(text.strip());
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** A successful GET that may be stored: errors and {@code no-store} answers get no ETag. */
    private static boolean revalidated(HttpServletRequest request, HeldAnswer answer) {
        String cacheControl = answer.getHeader(HttpHeaders.CACHE_CONTROL);
        return HttpMethod.GET.matches(request.getMethod())
                && !answer.isCommitted()
                && answer.getStatus() >= 200
                && answer.getStatus() < 300
                && (cacheControl == null || !cacheControl.contains("no-store"));
    }

    /**
     * Weak: the ETag names the answer, not its bytes on the wire, which differ when Tomcat gzips them for a
     * client that accepts it (and Tomcat compresses no answer with a strong ETag). If-None-Match compares
     * weakly, so a 304 is answered as before.
     */
    private static String hash(InputStream body) throws IOException {
        CRC32C crc = new CRC32C();
        Adler32 adler = new Adler32();
        byte[] buffer = new byte[8192];
        int read;
        while ((read = body.read(buffer)) > 0) {
            crc.update(buffer, 0, read);
            adler.update(buffer, 0, read);
        }
        return String.format("W/\"%08x%08x\"", crc.getValue(), adler.getValue());
    }

    /** The Last-Modified the route set, in epoch milliseconds; -1 (no date to weigh) when it set none. */
    private static long lastModified(HttpServletResponse response) {
        String value = response.getHeader(HttpHeaders.LAST_MODIFIED);
        return value == null
                ? -1
                : ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant()
                        .toEpochMilli();
    }

    /** Holds the answer's body for its hash; a route that set its own ETag writes straight through. */
    private static final class HeldAnswer extends ContentCachingResponseWrapper {

        HeldAnswer(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            return ownETag() ? getResponse().getOutputStream() : super.getOutputStream();
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            return ownETag() ? getResponse().getWriter() : super.getWriter();
        }

        private boolean ownETag() {
            return StringUtils.hasText(getHeader(HttpHeaders.ETAG));
        }
    }
}
