package dev.vspec.command.enrichment.vendor;

import dev.vspec.command.catalog.CatalogReader;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.identity.Vin;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Strips a vendor's service history down to what a service record may hold, before the catalog
 * reader sees it. Workshops' records carry customer names, phones, e-mails, plates, addresses and
 * technician notes; none of it may reach an event. Of a configuration's {@code service_history}
 * only the entry of the VIN asked about stays, and of each of its visits only:
 * <ul>
 *   <li>{@code performed_on}: an ISO date, else the visit goes;</li>
 *   <li>{@code odometer_miles}, {@code odometer_km}: whole numbers, not negative, else the field
 *       goes (the visit too when neither stays);</li>
 *   <li>{@code performed_by}: one of {@link CatalogReader#WORKSHOP_KINDS}, else the visit goes;</li>
 *   <li>{@code services}: the codes that match {@link #SERVICE_CODE}, each once; the visit goes
 *       when none does.</li>
 * </ul>
 * Everything else goes. A visit kept holds only values rebuilt from these checks, never a copy of
 * the vendor's object. What is dropped is counted, never shown. Whether the visits that remain
 * agree with each other (dates in order, odometer units) stays the catalog reader's to check.
 */
final class ServiceRecordSanitizer {

    /**
     * A service code: lower_snake_case without spaces, at most 48 characters. Stricter than the
     * catalog format (64), leaving less room for text shaped like a code.
     */
    static final Pattern SERVICE_CODE = Pattern.compile("[a-z][a-z0-9_]{1,47}");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * What one sanitizing dropped: histories (of other VINs, or not a list of visits), whole
     * visits, fields of the visits kept, and service codes of the visits kept.
     */
    record Dropped(int histories, int visits, int fields, int serviceCodes) {

        boolean nothing() {
            return histories == 0 && visits == 0 && fields == 0 && serviceCodes == 0;
        }
    }

    /** Sanitizes {@code configuration}'s {@code service_history} in place, keeping only {@code vin}'s visits. */
    Dropped sanitize(ObjectNode configuration, Vin vin) {
        JsonNode history = configuration.get("service_history");
        if (history == null || history.isNull()) {
            return new Dropped(0, 0, 0, 0);
        }
        if (!history.isObject()) {
            configuration.remove("service_history");
            return new Dropped(1, 0, 0, 0);
        }
        ObjectNode histories = (ObjectNode) history;
        int droppedHistories = 0;
        int droppedVisits = 0;
        int droppedFields = 0;
        int droppedCodes = 0;
        for (String key : new ArrayList<>(histories.propertyNames())) {
            JsonNode visits = histories.get(key);
            if (!isVin(key, vin) || !visits.isArray()) {
                histories.remove(key);
                droppedHistories++;
                continue;
            }
            ArrayNode kept = NODES.arrayNode();
            for (JsonNode visit : visits) {
                ObjectNode clean = visit.isObject() ? sanitizedVisit(visit) : null;
                if (clean == null) {
                    droppedVisits++;
                    continue;
                }
                kept.add(clean);
                droppedFields += visit.size() - clean.size();
                droppedCodes +=
                        visit.get("services").size() - clean.get("services").size();
            }
            histories.set(key, kept);
        }
        return new Dropped(droppedHistories, droppedVisits, droppedFields, droppedCodes);
    }

    private static boolean isVin(String key, Vin vin) {
        try {
            return Vin.parse(key).equals(vin);
        } catch (ApiException e) {
            return false;
        }
    }

    /**
     * The visit rebuilt from its valid values, holding a subset of its fields; null when a value
     * it needs is missing or invalid.
     */
    private static ObjectNode sanitizedVisit(JsonNode visit) {
        String performedOn = date(visit.get("performed_on"));
        String performedBy = workshopKind(visit.get("performed_by"));
        ArrayNode services = services(visit.get("services"));
        if (performedOn == null || performedBy == null || services == null || services.isEmpty()) {
            return null;
        }
        ObjectNode clean = NODES.objectNode();
        clean.put("performed_on", performedOn);
        for (String odometer : new String[] {"odometer_miles", "odometer_km"}) {
            Integer reading = reading(visit.get(odometer));
            if (reading != null) {
                clean.put(odometer, reading);
            }
        }
        if (!clean.has("odometer_miles") && !clean.has("odometer_km")) {
            return null;
        }
        clean.put("performed_by", performedBy);
        clean.set("services", services);
        return clean;
    }

    private static String date(JsonNode value) {
        if (value == null || !value.isString()) {
            return null;
        }
        try {
            return LocalDate.parse(value.stringValue()).toString();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Integer reading(JsonNode value) {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 0) {
            return null;
        }
        return value.intValue();
    }

    private static String workshopKind(JsonNode value) {
        return value != null && value.isString() && CatalogReader.WORKSHOP_KINDS.contains(value.stringValue())
                ? value.stringValue()
                : null;
    }

    /** The valid codes, each once; null when {@code value} is not a list. */
    private static ArrayNode services(JsonNode value) {
        if (value == null || !value.isArray()) {
            return null;
        }
        ArrayNode kept = NODES.arrayNode();
        Set<String> seen = new HashSet<>();
        for (JsonNode code : value) {
            if (code.isString() && SERVICE_CODE.matcher(code.stringValue()).matches() && seen.add(code.stringValue())) {
                kept.add(code.stringValue());
            }
        }
        return kept;
    }
}
