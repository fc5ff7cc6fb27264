package dev.vspec.contracts.catalog;

import java.time.LocalDate;
import java.util.List;

/**
 * One visit in a VIN's sanitized service history: when, at what odometer reading, by which kind
 * of workshop ({@code dealer}, {@code independent}, {@code fleet} or {@code owner}), and the
 * service codes performed. Structured fields only: no names, contacts, plates, addresses or
 * free text ever enter the event log.
 */
public record ServiceRecord(
        LocalDate performedOn, Integer odometerMiles, Integer odometerKm, String performedBy, List<String> services) {}
