package dev.vspec.query.decode;

import dev.vspec.access.RequiresScope;
import dev.vspec.contracts.access.Scope;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import dev.vspec.decoder.WmiDescription;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/wmi/{wmi}}: a World Manufacturer Identifier as NHTSA's vPIC registers it. */
@RestController
class WmiController {

    /** 3 VIN characters, or 6 (positions 1-3 and 12-14) when the third is 9. */
    private static final String WMI_PARAM = "wmi";

    private static final Pattern WMI = Pattern.compile("[A-HJ-NPR-Z0-9]{2}([A-HJ-NPR-Z0-8]|9([A-HJ-NPR-Z0-9]{3})?)");

    private final VinAnswers answers;

    WmiController(VinAnswers answers) {
        this.answers = answers;
    }

    @RequiresScope(Scope.MAINTENANCE_READ)
    @GetMapping("/api/v1/wmi/{wmi}")
    WmiDescription wmi(@PathVariable(WMI_PARAM) String wmi) {
        String code = wmi.strip().toUpperCase(Locale.ROOT);
        if (!WMI.matcher(code).matches()) {
            throw ApiException.about(
                    WMI_PARAM,
                    ErrorCode.INVALID_PARAM,
                    "A WMI is 3 VIN characters (0-9, A-Z except I, O, Q),"
                            + " or 6 when the third is 9 (positions 1-3 and 12-14); got "
                            + (wmi.length() > 12 ? wmi.length() + " characters" : "'" + wmi + "'"));
        }
        if (code.length() == 3 && code.charAt(2) == '9') {
            throw ApiException.about(
                    WMI_PARAM,
                    ErrorCode.INVALID_PARAM,
                    "A WMI whose third character is 9 has 6 characters: positions" + " 1-3 and 12-14 of the VIN");
        }
        if (!answers.scope().coversWmi(code)) {
            throw new ApiException(ErrorCode.NOT_FOUND, answers.scope().outOfScope());
        }
        WmiDescription description = answers.decoder().describeWmi(code);
        if (description == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "NHTSA's vPIC registers no manufacturer with WMI " + code);
        }
        return description;
    }
}
