package dev.vspec.contracts.epa;

/** An EPA entry as held: the EPA's id and its facts. */
public record EpaEntry(int epaId, EpaVehicle vehicle) {}
