package dev.vspec.query.wholevehicle;

import dev.vspec.query.encoding.GzipJson;
import dev.vspec.query.encoding.StoredJson;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes {@code /v1/vehicle}'s answer from its parts ({@link VehicleResponse#parts}): to a client that accepts
 * gzip, as gzip spliced from the cached documents' deflate segments ({@link GzipJson}), so that the answer is
 * neither inflated nor compressed on the request; to any other, as the documents' bytes. Either says
 * {@code Vary: Accept-Encoding}, and the ETag filter hashes the bytes sent, so each encoding has its own.
 */
final class VehicleResponseConverter extends AbstractHttpMessageConverter<VehicleResponse> {

    /** Five stored groups deflate to about this much. */
    private static final int EXPECTED_GZIP_BYTES = 4096;

    private final JsonMapper mapper;

    VehicleResponseConverter(JsonMapper mapper) {
        super(MediaType.APPLICATION_JSON);
        this.mapper = mapper;
    }

    @Override
    protected boolean supports(Class<?> type) {
        return VehicleResponse.class == type;
    }

    @Override
    public boolean canRead(Class<?> type, MediaType mediaType) {
        return false;
    }

    @Override
    protected VehicleResponse readInternal(Class<? extends VehicleResponse> type, HttpInputMessage input) {
        throw new UnsupportedOperationException("a vehicle answer is only ever written");
    }

    @Override
    protected void writeInternal(VehicleResponse response, HttpOutputMessage output) throws IOException {
        List<Object> parts = response.parts(mapper);
        output.getHeaders().add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        if (GzipJson.accepted(acceptEncoding())) {
            GzipJson gzip = new GzipJson(EXPECTED_GZIP_BYTES);
            for (Object part : parts) {
                if (part instanceof StoredJson stored) {
                    gzip.json(stored);
                } else {
                    gzip.literal((byte[]) part);
                }
            }
            byte[] body = gzip.finish();
            output.getHeaders().set(HttpHeaders.CONTENT_ENCODING, "gzip");
            output.getHeaders().setContentLength(body.length);
            output.getBody().write(body);
            return;
        }
        OutputStream body = output.getBody();
        for (Object part : parts) {
            body.write(part instanceof StoredJson stored ? stored.utf8() : (byte[]) part);
        }
    }

    private static String acceptEncoding() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? attributes.getRequest().getHeader(HttpHeaders.ACCEPT_ENCODING)
                : null;
    }
}
