package dev.vspec.contracts.catalog;

/**
 * What names a configuration, as a catalog file and a registration write it: the config_key derives from all but
 * the label ({@link dev.vspec.contracts.identity.ConfigKey#of}). One set of rules checks it wherever it comes from.
 */
public interface ConfigurationIdentity {

    int year();

    String make();

    String model();

    String trim();

    String engineCode();

    /** Null where the drivetrain is not part of the identity. */
    String drivetrain();

    String label();
}
