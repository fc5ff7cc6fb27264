package dev.vspec.contracts.catalog;

/**
 * Keeps {@code alias} answering for the configuration {@code configKey}: the key a newer vPIC release
 * derives for a vehicle the catalog already holds under the key an earlier release derived.
 */
public record AliasConfigKey(String configKey, String alias, FactSource source) implements ConfigurationCommand {

    public AliasConfigKey {
        FactSource.require(source, "AliasConfigKey");
    }
}
