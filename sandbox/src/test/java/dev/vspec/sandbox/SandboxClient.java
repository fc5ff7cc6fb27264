package dev.vspec.sandbox;

import dev.vspec.testing.Api;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/** Requests to a sandbox as one client address, sent in X-Forwarded-For as the gateway would. */
public final class SandboxClient {

    private final Api api;
    private final String address;

    public SandboxClient(int port, String address) {
        this.api = new Api(port);
        this.address = address;
    }

    public String address() {
        return address;
    }

    public Api.Reply get(String pathAndQuery, String... headerNamesAndValues) {
        return api.getWith(pathAndQuery, withAddress(headerNamesAndValues));
    }

    public Api.Reply send(String method, String pathAndQuery, String... headerNamesAndValues) {
        return api.sendWith(method, pathAndQuery, withAddress(headerNamesAndValues));
    }

    public HttpResponse<byte[]> bytes(String pathAndQuery) {
        return api.bytes(pathAndQuery, withAddress());
    }

    private String[] withAddress(String... headerNamesAndValues) {
        List<String> headers = new ArrayList<>(List.of(headerNamesAndValues));
        headers.add("X-Forwarded-For");
        headers.add(address);
        return headers.toArray(String[]::new);
    }
}
