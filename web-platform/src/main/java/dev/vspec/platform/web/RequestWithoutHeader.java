package dev.vspec.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.Collections;
import java.util.Enumeration;
import org.springframework.http.HttpHeaders;

/** A request as if it had come without one header: every way of reading that header finds none. */
public final class RequestWithoutHeader extends HttpServletRequestWrapper {

    private final String hidden;

    /** @param hidden the header's name, in any case */
    public RequestWithoutHeader(HttpServletRequest request, String hidden) {
        super(request);
        this.hidden = hidden;
    }

    @Override
    public String getContentType() {
        return isHidden(HttpHeaders.CONTENT_TYPE) ? null : super.getContentType();
    }

    @Override
    public String getHeader(String name) {
        return isHidden(name) ? null : super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return isHidden(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
    }

    @Override
    public long getDateHeader(String name) {
        return isHidden(name) ? -1 : super.getDateHeader(name);
    }

    @Override
    public Enumeration<String> getHeaderNames() {
        return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                .filter(name -> !isHidden(name))
                .toList());
    }

    private boolean isHidden(String name) {
        return hidden.equalsIgnoreCase(name);
    }
}
