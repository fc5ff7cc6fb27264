package dev.vspec.query.decode;

import dev.vspec.contracts.identity.Vin;

/**
 * Which VINs a deployment decodes: the live API every one, the keyless sandbox its sample VINs alone (it
 * shows the answers' shape; it is no free decoder). A VIN outside the scope is 404 {@code not_found}.
 */
public interface DecodeScope {

    boolean covers(Vin vin);

    /** Whether some VIN of the scope fits a partial VIN (17 positions, {@code *} for each unknown one). */
    boolean coversPartial(String partialVin);

    /** Whether some VIN of the scope has this WMI. */
    boolean coversWmi(String wmi);

    /** Why a VIN outside the scope is not decoded here. */
    String outOfScope();
}
