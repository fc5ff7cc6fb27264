package dev.vspec.platform.connector;

import dev.vspec.contracts.error.ApiError;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.platform.web.ApiErrorResponses;
import dev.vspec.platform.web.ContainerErrors;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;

/**
 * Tomcat's error report as the specification's error record instead of its HTML page: for what
 * Tomcat refuses before any filter or controller sees the request (a malformed request line, an
 * encoded '/' in the path, headers too large or too many, two Host headers, an unknown
 * Transfer-Encoding, an Expect other than 100-continue, CONNECT, an HTTP/2.0 request line, a head
 * that came too late), with the request id, the deployable's decoration and its {@link RefusalHeaders}.
 */
final class ErrorRecordValve extends ErrorReportValve {

    private static final Logger log = LoggerFactory.getLogger(ErrorRecordValve.class);

    private final ApiErrorResponses responses;
    private final RefusalHeaders headers;

    ErrorRecordValve(ApiErrorResponses responses, RefusalHeaders headers) {
        this.responses = responses;
        this.headers = headers;
        setShowReport(false);
        setShowServerInfo(false);
    }

    /** Puts this valve in the host's pipeline in place of any other error report (Spring Boot adds Tomcat's own). */
    void replaceErrorReportOf(StandardHost host) {
        for (Valve valve : host.getPipeline().getValves()) {
            if (valve instanceof ErrorReportValve) {
                host.getPipeline().removeValve(valve);
            }
        }
        host.getPipeline().addValve(this);
        // the host adds the class it names at start unless a valve of that class is there
        host.setErrorReportValveClass(ErrorRecordValve.class.getName());
    }

    @Override
    protected void report(Request request, Response response, Throwable cause) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean();
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        ApiError error = ContainerErrors.forStatus(status, request, cause);
        if (error.error() == ErrorCode.METHOD_NOT_ALLOWED && response.getHeader(HttpHeaders.ALLOW) == null) {
            // CONNECT names no resource here, so none of its methods is allowed
            response.setHeader(HttpHeaders.ALLOW, "");
        }
        if (error.error() == ErrorCode.SERVICE_UNAVAILABLE) {
            // Tomcat refuses requests this way while it stops: another instance, or this one restarted, answers soon
            response.setHeader(HttpHeaders.RETRY_AFTER, "1");
        }
        headers.add(request, response);
        // Tomcat closes the connection after any of its refusals: say so, or a client may send its next request on it
        response.setHeader(HttpHeaders.CONNECTION, "close");
        log.debug(
                "Refused before any route: {} {}",
                error.error().status(),
                error.error().code());
        try {
            responses.write(request, response, error);
        } catch (IOException | RuntimeException e) {
            log.debug("The refusal could not be written: {}", e.toString());
        }
    }
}
