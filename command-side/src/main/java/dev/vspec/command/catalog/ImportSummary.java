package dev.vspec.command.catalog;

/**
 * What one catalog import did.
 *
 * @param configurations configurations in the catalog
 * @param vins           VINs in the catalog
 * @param commandsSent   commands sent; each records its event only when it changes something,
 *                       so a re-import sends as many commands as the first and stores no event
 */
public record ImportSummary(int configurations, int vins, int commandsSent) {}
