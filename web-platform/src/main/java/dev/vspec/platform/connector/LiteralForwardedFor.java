package dev.vspec.platform.connector;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.tomcat.util.http.MimeHeaders;

/**
 * Keeps of {@code X-Forwarded-For} only the addresses right of its rightmost entry that is not an IP address, before
 * Tomcat's remote-IP valve reads it: that valve asks DNS about every entry it checks against address ranges, so a
 * name a client wrote there would be looked up while the request waits. An entry left of a name is one no trusted
 * proxy wrote, and is never believed anyway.
 */
final class LiteralForwardedFor extends ValveBase {

    static final String HEADER = "X-Forwarded-For";

    LiteralForwardedFor() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        MimeHeaders headers = request.getCoyoteRequest().getMimeHeaders();
        if (headers.getHeader(HEADER) != null) {
            List<String> hops = new ArrayList<>();
            for (String line : Collections.list(headers.values(HEADER))) {
                for (String hop : line.split(",")) {
                    hops.add(hop.strip());
                }
            }
            List<String> kept = literalsOnTheRight(hops);
            if (kept.size() != hops.size()) {
                headers.removeHeader(HEADER);
                if (!kept.isEmpty()) {
                    headers.addValue(HEADER).setString(String.join(", ", kept));
                }
            }
        }
        getNext().invoke(request, response);
    }

    /** The entries right of the rightmost one that is not an IP address literal (all of them when every one is). */
    static List<String> literalsOnTheRight(List<String> hops) {
        for (int i = hops.size() - 1; i >= 0; i--) {
            if (BudgetAddress.literal(hops.get(i)).isEmpty()) {
                return hops.subList(i + 1, hops.size());
            }
        }
        return hops;
    }
}
