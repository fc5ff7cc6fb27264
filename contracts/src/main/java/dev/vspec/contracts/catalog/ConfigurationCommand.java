package dev.vspec.contracts.catalog;

/** A command about one configuration, addressed by its config_key. */
public interface ConfigurationCommand extends CatalogCommand {
    String configKey();

    @Override
    default String targetAggregateId() {
        return configKey();
    }
}
