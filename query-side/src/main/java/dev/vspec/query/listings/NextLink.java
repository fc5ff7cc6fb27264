package dev.vspec.query.listings;

import dev.vspec.platform.web.AskedRoutes;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;

/**
 * The link to a listing's next page, in the body's {@code next} and in a {@code Link: <…>; rel="next"}
 * header: the path the client asked ({@link AskedRoutes}), its filters, the limit and the cursor of the
 * page's last entry.
 */
public final class NextLink {

    private NextLink() {}

    /**
     * The next page's path and query, or null when {@code cursor} is (the page was the last).
     *
     * @param filters the listing's filters as name/value pairs, each repeated as given (a null value is left out)
     */
    static String of(HttpServletRequest request, Paging paging, String cursor, String... filters) {
        if (cursor == null) {
            return null;
        }
        StringJoiner query = new StringJoiner("&", AskedRoutes.of(request).route(request.getRequestURI()) + "?", "");
        for (int i = 0; i < filters.length; i += 2) {
            if (filters[i + 1] != null) {
                query.add(filters[i] + "=" + URLEncoder.encode(filters[i + 1].strip(), StandardCharsets.UTF_8));
            }
        }
        return query.add("limit=" + paging.limit()).add("cursor=" + cursor).toString();
    }

    /** A 200 with the page, and the {@code Link} header when a next page follows. */
    static <T> ResponseEntity<T> answer(T page, String next) {
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        if (next != null) {
            ok.header(HttpHeaders.LINK, "<" + next + ">; rel=\"next\"");
        }
        return ok.body(page);
    }
}
