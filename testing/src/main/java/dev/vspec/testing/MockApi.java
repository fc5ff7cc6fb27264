package dev.vspec.testing;

import dev.vspec.access.AccessGrant;
import dev.vspec.testing.Api.Reply;
import java.io.UnsupportedEncodingException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

/**
 * Calls a web slice through its {@link MockMvc} as {@link Api} calls a running deployable, and answers the same
 * {@link Reply}, so a case checked in a slice keeps the assertions it had over HTTP. The path and query go as written,
 * raw, as Tomcat hands them to the filters; a {@code +} in the query is a space, as Tomcat reads it.
 */
public final class MockApi {

    private final MockMvc mvc;
    private final String key;

    /** A client without a key. */
    public MockApi(MockMvc mvc) {
        this(mvc, null);
    }

    /** A client that sends {@code key} in the x-api-key header with every request. */
    public MockApi(MockMvc mvc, String key) {
        this.mvc = mvc;
        this.key = key;
    }

    public Reply get(String pathAndQuery) {
        return send("GET", pathAndQuery, null);
    }

    /** As {@link Api#send}: JSON accepted, the caller's request id when not null. */
    public Reply send(String method, String pathAndQuery, String requestId) {
        return requestId == null
                ? sendWith(method, pathAndQuery, "Accept", "application/json")
                : sendWith(method, pathAndQuery, "Accept", "application/json", "X-Request-Id", requestId);
    }

    /** A GET with extra request headers given as name/value pairs. */
    public Reply getWith(String pathAndQuery, String... headerNamesAndValues) {
        return sendWith("GET", pathAndQuery, headerNamesAndValues);
    }

    /** A request of any method without a body, with extra request headers given as name/value pairs. */
    public Reply sendWith(String method, String pathAndQuery, String... headerNamesAndValues) {
        return perform(request(method, pathAndQuery), headerNamesAndValues);
    }

    /** A POST of {@code body} (none when null) as {@code contentType} (none when null), with extra headers as name/value pairs. */
    public Reply post(String path, String contentType, String body, String... headerNamesAndValues) {
        MockHttpServletRequestBuilder request = request("POST", path).header("Accept", "application/json");
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (body != null) {
            request.content(body.getBytes(StandardCharsets.UTF_8));
        }
        return perform(request, headerNamesAndValues);
    }

    private MockHttpServletRequestBuilder request(String method, String pathAndQuery) {
        MockHttpServletRequestBuilder request =
                MockMvcRequestBuilders.request(HttpMethod.valueOf(method), URI.create(asTomcatReadsIt(pathAndQuery)));
        if (key != null) {
            request.header(AccessGrant.API_KEY_HEADER, key);
        }
        return request;
    }

    /** MockMvc decodes a query's escapes but takes {@code +} literally; Tomcat reads it as a space, as {@code %20}. */
    private static String asTomcatReadsIt(String pathAndQuery) {
        int query = pathAndQuery.indexOf('?');
        return query < 0
                ? pathAndQuery
                : pathAndQuery.substring(0, query)
                        + pathAndQuery.substring(query).replace("+", "%20");
    }

    private Reply perform(MockHttpServletRequestBuilder request, String[] headerNamesAndValues) {
        for (int i = 0; i < headerNamesAndValues.length; i += 2) {
            request.header(headerNamesAndValues[i], headerNamesAndValues[i + 1]);
        }
        try {
            return reply(mvc.perform(request).andReturn().getResponse());
        } catch (Exception e) {
            throw new IllegalStateException("MockMvc could not perform the request", e);
        }
    }

    /** The answer as {@link Api} reads one, for a request a test performs on MockMvc itself. */
    public static Reply reply(MockHttpServletResponse response) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : response.getHeaderNames()) {
            headers.put(name, response.getHeaders(name));
        }
        try {
            return new Reply(
                    response.getStatus(),
                    HttpHeaders.of(headers, (name, value) -> true),
                    response.getContentAsString(StandardCharsets.UTF_8));
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e);
        }
    }
}
