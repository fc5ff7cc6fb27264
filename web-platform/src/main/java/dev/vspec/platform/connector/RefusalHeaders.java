package dev.vspec.platform.connector;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Headers a deployable's filters add to every answer, to be added to Tomcat's own refusals too,
 * which no filter sees: the gateway's CORS, so a page can read why its request was refused. What
 * the refused request carries may be incomplete: the request URI is null when its line was not read.
 */
@FunctionalInterface
public interface RefusalHeaders {

    RefusalHeaders NONE = (request, response) -> {};

    void add(HttpServletRequest request, HttpServletResponse response);
}
