package dev.vspec.contracts.recalls;

/**
 * A campaign's record for one make, model, model year and component, new or with new content (a changed remedy,
 * a later notification date); it replaces the campaign's earlier record of the same make, model, model year, component and manufacturer's part.
 */
public record RecallRecorded(String campaignNumber, Recall recall, RecallSource source) {}
