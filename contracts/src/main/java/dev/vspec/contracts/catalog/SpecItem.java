package dev.vspec.contracts.catalog;

/** One line of a spec sheet, e.g. section {@code engine}, name {@code displacement}, value {@code 2.0}, unit {@code L}. */
public record SpecItem(String section, String name, String value, String unit) {}
