package dev.vspec.command.web;

import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Reads a write route's JSON body as a tree, bounded in size, so that each route can name every
 * problem of its own fields instead of answering a generic binding failure.
 */
public final class JsonBodies {

    private JsonBodies() {}

    /**
     * The body as a JSON object.
     *
     * @param maxBytes    a larger body is 400 {@code invalid_body}
     * @param expectation what the route expects, for the message when the body is not an object
     */
    public static JsonNode readObject(HttpServletRequest request, ObjectMapper json, int maxBytes, String expectation)
            throws IOException {
        byte[] bytes;
        try (InputStream in = request.getInputStream()) {
            bytes = in.readNBytes(maxBytes + 1);
        }
        if (bytes.length > maxBytes) {
            throw new ApiException(
                    ErrorCode.INVALID_BODY,
                    "The request body is larger than " + kibibytes(maxBytes) + "; " + expectation);
        }
        JsonNode body;
        try {
            body = json.readTree(bytes);
        } catch (JacksonException e) {
            throw new ApiException(
                    ErrorCode.INVALID_BODY, "The request body is not valid JSON (" + problem(e) + "); " + expectation);
        }
        if (body == null || !body.isObject()) {
            throw new ApiException(ErrorCode.INVALID_BODY, "The request body must be a JSON object: " + expectation);
        }
        return body;
    }

    /** What kind of JSON value {@code node} is, in words, for messages about a field of the wrong type. */
    public static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case NUMBER -> "a number";
            case BOOLEAN -> "true or false";
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            default -> node.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    /** What is wrong with unreadable JSON, in a client's words: Jackson's own message names its classes and settings. */
    static String problem(JacksonException e) {
        if (e instanceof UnexpectedEndOfInputException) {
            return "it ends before the JSON value does";
        }
        if (e instanceof StreamConstraintsException) {
            return "it is nested too deeply or holds too long a value";
        }
        TokenStreamLocation location = e.getLocation();
        String where = location == null || location.getLineNr() < 1
                ? ""
                : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
        return (e instanceof MismatchedInputException ? "something follows the JSON value" : "unexpected text") + where;
    }

    private static String kibibytes(int bytes) {
        return bytes >= 1024 ? bytes / 1024 + " KiB" : bytes + " bytes";
    }
}
