package dev.vspec.contracts.catalog;

/** The tire fitted on an axle ({@code front}, {@code rear} or {@code both}) with its load index, speed rating and cold inflation pressure. */
public record TireFitment(
        String axle, String size, int loadIndex, String speedRating, int pressureKpa, int pressurePsi) {}
