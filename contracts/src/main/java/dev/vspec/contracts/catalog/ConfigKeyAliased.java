package dev.vspec.contracts.catalog;

/** {@code alias} names the configuration {@code configKey} too; the source is the vPIC release that derived the alias. */
public record ConfigKeyAliased(String configKey, String alias, FactSource source) {}
