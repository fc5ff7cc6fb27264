package dev.vspec.contracts.catalog;

import dev.vspec.contracts.AddressedCommand;

/** A command addressed to one catalog aggregate: a configuration (by config_key) or a vehicle (by VIN). */
public interface CatalogCommand extends AddressedCommand {

    /** Where the fact this command records came from; never null. */
    FactSource source();
}
