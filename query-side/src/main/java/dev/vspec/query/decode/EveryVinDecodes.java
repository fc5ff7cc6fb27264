package dev.vspec.query.decode;

import dev.vspec.contracts.identity.Vin;
import org.springframework.stereotype.Component;

/** The live API's {@link DecodeScope}: every VIN. */
@Component
public class EveryVinDecodes implements DecodeScope {

    @Override
    public boolean covers(Vin vin) {
        return true;
    }

    @Override
    public boolean coversPartial(String partialVin) {
        return true;
    }

    @Override
    public boolean coversWmi(String wmi) {
        return true;
    }

    @Override
    public String outOfScope() {
        return "";
    }
}
