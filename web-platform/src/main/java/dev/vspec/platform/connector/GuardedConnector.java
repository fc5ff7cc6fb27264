package dev.vspec.platform.connector;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Every deployable's Tomcat with the guarded protocol ({@link GuardedHttp11NioProtocol}) and the
 * error record in place of Tomcat's HTML error page ({@link ErrorRecordValve}). Runs after Spring
 * Boot's own customizer, whose error report valve this one replaces.
 */
final class GuardedConnector implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

    /** Connections refused because their address held its share: {@code vspec_connections_refused_total}. */
    static final String REFUSED_METRIC = "vspec.connections.refused";

    private final ConnectorProperties properties;
    private final ApiErrorResponses errors;
    private final MeterRegistry meters;
    private final RefusalHeaders refusalHeaders;

    GuardedConnector(
            ConnectorProperties properties,
            ApiErrorResponses errors,
            MeterRegistry meters,
            RefusalHeaders refusalHeaders) {
        this.properties = properties;
        this.errors = errors;
        this.meters = meters;
        this.refusalHeaders = refusalHeaders;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.setProtocol(GuardedHttp11NioProtocol.class.getName());
        Counter refused = meters.counter(REFUSED_METRIC, "reason", "per_address");
        factory.addProtocolHandlerCustomizers(handler -> {
            if (handler instanceof GuardedHttp11NioProtocol protocol) {
                protocol.headDeadline(properties.requestHeadTimeout());
                protocol.endpoint()
                        .limitPerAddress(
                                new ConnectionsPerAddress(properties.maxConnectionsPerAddress()),
                                refusal(),
                                refused::increment);
            }
        });
        factory.addContextCustomizers(context ->
                new ErrorRecordValve(errors, refusalHeaders).replaceErrorReportOf((StandardHost) context.getParent()));
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    /** The whole answer to a connection refused at accept, before any request was read: written once, sent as it is. */
    private byte[] refusal() {
        byte[] body = errors.bodyBeforeAnyRequest(ApiError.of(
                ErrorCode.RATE_LIMITED,
                "This address holds "
                        + properties.maxConnectionsPerAddress()
                        + " connections already, the most one client may; reuse them or"
                        + " close some"));
        String head = "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\nRetry-After: 1\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        byte[] answer = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, answer, 0, headBytes.length);
        System.arraycopy(body, 0, answer, headBytes.length, body.length);
        return answer;
    }
}
