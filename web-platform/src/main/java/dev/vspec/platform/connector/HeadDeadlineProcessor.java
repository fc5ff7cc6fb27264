package dev.vspec.platform.connector;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import org.apache.coyote.Adapter;
import org.apache.coyote.ErrorState;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.coyote.http11.Http11Processor;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's HTTP/1.1 processor with a deadline for each request's head (request line and headers),
 * counted from its first byte (from the accept for a connection's first request). Tomcat's read
 * timeout starts again with every byte, so a client sending one a second would hold its connection
 * for ever; here the wait is cut to what the deadline leaves, and a head not complete by then is
 * answered 408 and the connection closed.
 */
final class HeadDeadlineProcessor extends Http11Processor {

    private final AbstractHttp11Protocol<?> protocol;
    private final long deadlineNanos;

    HeadDeadlineProcessor(AbstractHttp11Protocol<?> protocol, Adapter container, long deadlineNanos) {
        this(protocol, new HeadReceived(container), deadlineNanos);
    }

    private HeadDeadlineProcessor(AbstractHttp11Protocol<?> protocol, HeadReceived adapter, long deadlineNanos) {
        super(protocol, adapter);
        this.protocol = protocol;
        this.deadlineNanos = deadlineNanos;
        adapter.tell(this);
    }

    /** Called when bytes of a request arrived. */
    @Override
    public SocketState service(SocketWrapperBase<?> socket) throws IOException {
        if (!(socket instanceof ClientConnection connection)) {
            return super.service(socket);
        }
        long now = System.nanoTime();
        connection.headStarted(now);
        if (connection.headNanosLeft(now, deadlineNanos) <= 0) {
            return requestTimeout(socket);
        }
        SocketState state = super.service(socket);
        if (state != SocketState.CLOSED && connection.owesHead()) {
            long left = connection.headNanosLeft(System.nanoTime(), deadlineNanos) / 1_000_000;
            socket.setReadTimeout(Math.max(1, Math.min(left, readTimeout(protocol.getConnectionTimeout()))));
        }
        return state;
    }

    /** The endpoint's read timeout, cut short by {@link #service}, ended the wait for a head: answer it. */
    @Override
    public SocketState process(SocketWrapperBase<?> socket, SocketEvent status) throws IOException {
        if (status == SocketEvent.ERROR
                && socket.getError() instanceof SocketTimeoutException
                && socket instanceof ClientConnection connection
                && connection.owesHead()) {
            return requestTimeout(socket);
        }
        return super.process(socket, status);
    }

    /** The head is complete and goes to the container: the request's body is read under Tomcat's own timeouts again. */
    void headReceived() {
        if (socketWrapper instanceof ClientConnection connection) {
            connection.headReceived();
            socketWrapper.setReadTimeout(readTimeout(
                    protocol.getDisableUploadTimeout()
                            ? protocol.getConnectionTimeout()
                            : protocol.getConnectionUploadTimeout()));
        }
    }

    /** 408 through the container, as Tomcat answers a head it cannot parse, so the error record is written the same way. */
    private SocketState requestTimeout(SocketWrapperBase<?> socket) {
        setSocketWrapper(socket);
        response.setStatus(HttpServletResponse.SC_REQUEST_TIMEOUT);
        setErrorState(ErrorState.CLOSE_CLEAN, null);
        try {
            adapter.service(request, response);
        } catch (Exception e) {
            setErrorState(ErrorState.CLOSE_NOW, e);
        }
        return SocketState.CLOSED;
    }

    private static long readTimeout(int configured) {
        return configured > 0 ? configured : Long.MAX_VALUE;
    }

    /** Tells the processor when a request's head is complete: Tomcat hands a request to the container only then. */
    private static final class HeadReceived implements Adapter {

        private static final byte[] ROOT = {'/'};

        private final Adapter container;
        private HeadDeadlineProcessor processor;

        HeadReceived(Adapter container) {
            this.container = container;
        }

        void tell(HeadDeadlineProcessor owner) {
            this.processor = owner;
        }

        @Override
        public void service(Request req, Response res) throws Exception {
            processor.headReceived();
            if (res.getStatus() >= 400 && req.requestURI().equals("*")) {
                // Tomcat answers OPTIONS * before any valve, so a head it already refused (two Host headers, say)
                // would go out as a bare status: as any other path, it reaches the error record
                req.requestURI().setBytes(ROOT, 0, ROOT.length);
            }
            container.service(req, res);
        }

        @Override
        public boolean prepare(Request req, Response res) throws Exception {
            return container.prepare(req, res);
        }

        @Override
        public boolean asyncDispatch(Request req, Response res, SocketEvent status) throws Exception {
            return container.asyncDispatch(req, res, status);
        }

        @Override
        public void log(Request req, Response res, long time) {
            container.log(req, res, time);
        }

        @Override
        public void checkRecycled(Request req, Response res) {
            container.checkRecycled(req, res);
        }

        @Override
        public String getDomain() {
            return container.getDomain();
        }
    }
}
