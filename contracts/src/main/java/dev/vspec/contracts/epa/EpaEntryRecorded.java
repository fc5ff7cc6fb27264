package dev.vspec.contracts.epa;

/** An EPA fuel-economy entry, new or with changed facts; it replaces the entry's earlier facts. */
public record EpaEntryRecorded(int epaId, EpaVehicle vehicle, EpaSource source) {}
