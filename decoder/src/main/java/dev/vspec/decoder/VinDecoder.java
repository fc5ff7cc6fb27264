package dev.vspec.decoder;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.DecodePass.Item;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Decodes VINs by NHTSA's rules ({@code spVinDecode}) over one vPIC release held in memory. Thread-safe
 * and free of I/O: a decode reads the {@link VpicIndex} and allocates a few small lists.
 *
 * <p>The rules, in the order they apply:
 * <ol>
 * <li>The WMI is positions 1-3, or 1-3 and 12-14 when position 3 is 9 (a manufacturer of fewer than 1,000
 * vehicles a year). A WMI vPIC does not hold, or does not make public yet, decodes to nothing (code 7).</li>
 * <li>The model year comes from position 10 ({@link ModelYears}); when it stays open, both candidate years
 * are decoded and the better pass kept: fewer errors, then more weight of elements decoded, then more
 * values from patterns, then the later year.</li>
 * <li>Only the schemas linked to this WMI whose year range holds the model year take part; their pattern
 * keys are matched against positions 4-8, '|', 10-17 ({@link PatternKey}).</li>
 * <li>One winner per element ({@link DecodePass#RANKING}); the engine model adds its own attributes below any
 * pattern's; the make comes from the decoded model, else from the WMI when it has exactly one make.</li>
 * <li>NHTSA's error codes become warnings; a wrong check digit is a warning that carries the VIN with the
 * computed digit.</li>
 * </ol>
 */
public final class VinDecoder {

    private final VpicIndex index;
    private final Clock clock;

    public VinDecoder(VpicIndex index, Clock clock) {
        this.index = index;
        this.clock = clock;
    }

    /**
     * A decoder ready to answer, as a deployable puts one in service: built, then warmed on VINs made from
     * the index's own patterns (at most three seconds), so that its first answers do not wait for the JIT.
     */
    public static VinDecoder ready(VpicIndex index, Clock clock) {
        VinDecoder decoder = new VinDecoder(index, clock);
        try {
            WarmUp.run(decoder);
        } catch (RuntimeException e) {
            // warming is for speed alone: a decoder that could not be warmed still answers
            System.getLogger(VinDecoder.class.getName()).log(System.Logger.Level.WARNING,
                    "Warming the VIN decoder failed; it answers cold", e);
        }
        return decoder;
    }

    public VpicIndex index() {
        return index;
    }

    public VpicRelease release() {
        return index.release();
    }

    /** The WMI of a VIN as vPIC writes WMIs: 6 characters (1-3 and 12-14) when position 3 is 9, else 3. */
    public static String wmiOf(String vin) {
        if (vin.length() >= 14 && vin.charAt(2) == '9') {
            return vin.substring(0, 3) + vin.substring(11, 14);
        }
        return vin.substring(0, Math.min(3, vin.length()));
    }

    /** Whether vPIC knows the WMI of this VIN (and has made it public). */
    public boolean knowsWmi(Vin vin) {
        return publicWmi(wmiOf(vin.value())) != null;
    }

    /** The WMI as vPIC holds it, if public now; null otherwise. */
    public Wmi publicWmi(String code) {
        Wmi wmi = index.wmi(code);
        return wmi != null && wmi.publicFrom() <= nowMicros() ? wmi : null;
    }

    public VinDecoding decode(Vin vin) {
        String text = vin.value();
        String wmiCode = wmiOf(text);
        Wmi known = index.wmi(wmiCode);
        Wmi wmi = known != null && known.publicFrom() <= nowMicros() ? known : null;
        ModelYears.Reading year = ModelYears.read(text, known, clock.instant().atZone(ZoneOffset.UTC).getYear());
        DecodePass best = DecodePass.run(index, text, wmi, year.year(), year.conclusive());
        if (year.other() != null) {
            DecodePass other = DecodePass.run(index, text, wmi, year.other(), false);
            if (better(other, best)) {
                best = other;
            }
        }
        return result(text, wmiCode, wmi, best, year);
    }

    /**
     * The WMI as vPIC registers it, with its schemas and their model years; null when vPIC does not know it
     * (or has not made it public yet).
     *
     * @param code 3 characters, or 6 for a manufacturer of fewer than 1,000 vehicles a year (position 3 is 9)
     */
    public WmiDescription describeWmi(String code) {
        Wmi wmi = publicWmi(code.toUpperCase(java.util.Locale.ROOT));
        if (wmi == null) {
            return null;
        }
        int last = clock.instant().atZone(ZoneOffset.UTC).getYear() + ModelYears.YEARS_AHEAD;
        java.util.TreeSet<Integer> years = new java.util.TreeSet<>();
        List<WmiDescription.SchemaYears> schemas = new ArrayList<>();
        for (VpicIndex.SchemaLink link : wmi.links()) {
            schemas.add(new WmiDescription.SchemaYears(link.schema().id(), link.schema().name(), link.yearFrom(), link.yearTo()));
            int to = Math.min(link.yearTo() == null ? last : link.yearTo(), last);
            for (int year = link.yearFrom(); year <= to; year++) {
                years.add(year);
            }
        }
        schemas.sort(Comparator.comparingInt(WmiDescription.SchemaYears::yearFrom).reversed()
                .thenComparing(WmiDescription.SchemaYears::name).thenComparingInt(WmiDescription.SchemaYears::id));
        return new WmiDescription(wmi.code(), wmi.manufacturer(), wmi.makes(), wmi.country(), wmi.vehicleType(),
                PartialDecoder.ranges(years), schemas, index.release());
    }

    /**
     * What the known positions of a partial VIN determine.
     *
     * @param partial up to 17 characters from 0-9 and A-Z (not I, O, Q), {@code *} for an unknown one; fewer
     *                than 17 leave the rest unknown. Positions 1-3 (and 12-14 when position 3 is 9) must be known.
     * @return the partial decode, or null when vPIC does not know the WMI
     * @throws IllegalArgumentException with a message for the caller, when the text is no partial VIN
     */
    public PartialVinDecoding decodePartial(String partial) {
        String text = partial.toUpperCase(java.util.Locale.ROOT);
        if (text.length() < 3 || text.length() > Vin.LENGTH) {
            throw new IllegalArgumentException("A partial VIN has 3 to 17 characters; got " + text.length());
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed = c == '*' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z' && c != 'I' && c != 'O' && c != 'Q');
            if (!allowed) {
                throw new IllegalArgumentException("A partial VIN uses 0-9, A-Z except I, O and Q, and * for an unknown"
                        + " position; position " + (i + 1) + (c == ' ' ? " is a space" : " is '" + c + "'"));
            }
        }
        if (text.length() == Vin.LENGTH && text.indexOf('*') < 0) {
            throw new IllegalArgumentException("This is a whole VIN, not a partial one: pass it as vin=");
        }
        String vin = (text + "*****************").substring(0, Vin.LENGTH);
        String wmiCode = wmiOf(vin);
        if (wmiCode.indexOf('*') >= 0) {
            throw new IllegalArgumentException("Positions 1-3" + (vin.charAt(2) == '9' ? " and 12-14 (position 3 is 9)" : "")
                    + " name the manufacturer and must be known; got " + wmiCode);
        }
        Wmi known = index.wmi(wmiCode);
        Wmi wmi = known != null && known.publicFrom() <= nowMicros() ? known : null;
        if (wmi == null) {
            return null;
        }
        int currentYear = clock.instant().atZone(ZoneOffset.UTC).getYear();
        ModelYears.Reading years = ModelYears.read(vin, wmi, currentYear);
        List<DecodeWarning> warnings = new ArrayList<>();
        warnings.add(DecodeWarning.of(NhtsaCode.INCOMPLETE_VIN, "What the known positions determine is shown; the"
                + " candidates are the values the unknown positions could still give"));
        if (vin.charAt(9) != '*' && years.year() == null) {
            warnings.add(DecodeWarning.of(NhtsaCode.INCORRECT_MODEL_YEAR, "Position 10 is '" + vin.charAt(9) + "'"));
        }
        if (years.other() != null) {
            warnings.add(new DecodeWarning(DecodeWarning.AMBIGUOUS_MODEL_YEAR, null, "Position 10 '" + vin.charAt(9)
                    + "' may mean " + years.year() + " or " + years.other() + ": the position-7 rule"
                    + (vin.charAt(6) == '*' ? " needs position 7, which is unknown" : " covers passenger cars, MPVs and"
                            + " light trucks only")));
        }
        return new PartialDecoder(index).decode(vin, wmi, years, currentYear, warnings);
    }

    /**
     * spVinDecode keeps the pass with the best error value (the sum of its codes' weights, {@link NhtsaCode}),
     * then the most element weight, then the most values from patterns, then the later year.
     */
    private boolean better(DecodePass candidate, DecodePass current) {
        Comparator<DecodePass> order = Comparator
                .comparingInt(DecodePass::errorValue)
                .thenComparingInt(pass -> pass.elementsWeight(index))
                .thenComparingLong(DecodePass::patternValues)
                .thenComparingInt(pass -> pass.modelYear == null ? Integer.MIN_VALUE : pass.modelYear);
        return order.compare(candidate, current) > 0;
    }

    private VinDecoding result(String vin, String wmiCode, Wmi wmi, DecodePass pass, ModelYears.Reading year) {
        List<DecodeWarning> warnings = new ArrayList<>();
        List<Integer> nhtsaCodes = new ArrayList<>();
        Vin parsed = Vin.parse(vin);
        char expected = parsed.expectedCheckDigit();
        boolean checkDigitValid = vin.charAt(8) == expected;
        boolean nhtsaCheckDigitValid = vin.charAt(8) == CheckDigits.forCode1(vin, wmi != null && wmi.carMpvOrLightTruck());
        List<NhtsaCode> codes = new ArrayList<>(pass.codes);
        if (!nhtsaCheckDigitValid) {
            codes.add(NhtsaCode.CHECK_DIGIT);
        }
        if (pass.modelYear == null) {
            codes.add(NhtsaCode.INCORRECT_MODEL_YEAR);
        }
        boolean clean = codes.stream().allMatch(code -> code == NhtsaCode.GLIDER || code == NhtsaCode.OFF_ROAD
                || code == NhtsaCode.UNUSED_POSITIONS);
        if (clean && wmi != null) {
            codes.add(NhtsaCode.CLEAN);
            if (pass.item(DecodePass.MODEL) == null) {
                codes.add(NhtsaCode.UNUSED_POSITIONS);
            }
        }
        codes.stream().distinct().sorted(Comparator.comparingInt(NhtsaCode::number)).forEach(code -> {
            nhtsaCodes.add(code.number());
            if (code != NhtsaCode.CLEAN) {
                warnings.add(warning(code, vin, wmiCode, pass, parsed, checkDigitValid));
            }
        });
        if (!year.conclusive() && pass.modelYear != null) {
            int other = pass.modelYear.equals(year.year()) ? year.other() : year.year();
            warnings.add(new DecodeWarning(DecodeWarning.AMBIGUOUS_MODEL_YEAR, null, "Position 10 '" + vin.charAt(9)
                    + "' may mean " + pass.modelYear + " or " + other + ": the position-7 rule of 49 CFR 565.15 covers"
                    + " passenger cars, MPVs and light trucks only, not this WMI's vehicles; " + pass.modelYear
                    + " decodes better. The model year may be incorrect."));
        }
        if (pass.incompleteVehicle) {
            warnings.add(new DecodeWarning(DecodeWarning.INCOMPLETE_VEHICLE, null, "Incomplete vehicle: it may have been"
                    + " altered after this VIN was assigned and may not be what the decode describes"));
        }
        Integer modelYear = pass.modelYear;
        String displacementL = value(pass, DecodePass.DISPLACEMENT_L);
        Integer cylinders = integer(value(pass, DecodePass.CYLINDERS));
        String configuration = value(pass, DecodePass.ENGINE_CONFIGURATION);
        String fuel = value(pass, DecodePass.FUEL_PRIMARY);
        String engineModel = value(pass, DecodePass.ENGINE_MODEL);
        return new VinDecoding(
                vin,
                wmiCode,
                descriptor(vin),
                value(pass, DecodePass.MANUFACTURER),
                value(pass, DecodePass.MAKE),
                value(pass, DecodePass.MODEL),
                modelYear,
                value(pass, DecodePass.SERIES),
                value(pass, DecodePass.TRIM),
                value(pass, DecodePass.VEHICLE_TYPE),
                value(pass, DecodePass.BODY_CLASS),
                integer(value(pass, DecodePass.DOORS)),
                value(pass, DecodePass.DRIVE_TYPE),
                engineModel,
                EngineCode.resolve(engineModel, displacementL, cylinders, configuration, fuel),
                configuration,
                cylinders,
                displacementL,
                value(pass, DecodePass.DISPLACEMENT_CC),
                fuel,
                value(pass, DecodePass.FUEL_SECONDARY),
                value(pass, DecodePass.ELECTRIFICATION),
                value(pass, DecodePass.TURBO),
                value(pass, DecodePass.ENGINE_MANUFACTURER),
                value(pass, DecodePass.GVWR),
                new VinDecoding.Plant(value(pass, DecodePass.PLANT_CITY), value(pass, DecodePass.PLANT_STATE),
                        value(pass, DecodePass.PLANT_COUNTRY)),
                new VinDecoding.CheckDigit(checkDigitValid, String.valueOf(expected),
                        checkDigitValid ? null : parsed.withCorrectCheckDigit().value()),
                warnings,
                nhtsaCodes,
                elements(pass),
                index.release());
    }

    private DecodeWarning warning(NhtsaCode code, String vin, String wmiCode, DecodePass pass, Vin parsed,
            boolean checkDigitValid) {
        return switch (code) {
            case CHECK_DIGIT -> DecodeWarning.of(code, checkDigitValid
                    ? "A character stands where NHTSA's rule does not allow it (" + String.join(", ", pass.invalidCharacters)
                            + "), so NHTSA's check digit cannot be computed"
                    : "Position 9 is '" + vin.charAt(8) + "' but 49 CFR 565.15 computes '" + parsed.expectedCheckDigit()
                            + "': a character was misread or mistyped, or the check digit itself is wrong; if only the"
                            + " check digit is wrong, the VIN is " + parsed.withCorrectCheckDigit().value()
                            + (pass.codes.contains(NhtsaCode.OFF_ROAD) ? ". Disregard if this is an off-road vehicle's PIN,"
                                    + " whose check digit need not calculate" : ""));
            case UNKNOWN_WMI -> DecodeWarning.of(code, "vPIC holds no WMI " + wmiCode + ": manufacturer, make and model are unknown");
            case CORRECTED_ONE_POSITION, CORRECTED_BY_CHECK_DIGIT, ONE_POSITION_UNCORRECTED, SEVERAL_POSITIONS ->
                    DecodeWarning.of(code, characterErrors(pass, wmiCode));
            case NO_DETAILED_DATA -> DecodeWarning.of(code, "No pattern of WMI " + wmiCode + "'s VIN schemas"
                    + (pass.modelYear == null ? "" : " for model year " + pass.modelYear) + " matches positions 4-8 and 10-17");
            case UNUSED_POSITIONS -> DecodeWarning.of(code, pass.unusedPositions.isEmpty()
                    ? "No model decoded" : "No pattern used position(s) " + pass.unusedPositions.stream()
                            .map(String::valueOf).collect(Collectors.joining(", ")));
            case INVALID_CHARACTERS -> DecodeWarning.of(code, "Position:character " + String.join(", ", pass.invalidCharacters));
            case INCORRECT_MODEL_YEAR -> DecodeWarning.of(code, "Position 10 is '" + vin.charAt(9)
                    + "'; every model year of the WMI's schemas was considered");
            default -> DecodeWarning.of(code, null);
        };
    }

    /** "Model year 2019 of WMI 1FT: position 5 is 'X', its patterns allow 1, 2 or 3; NHTSA suggests 1FTE!...". */
    private static String characterErrors(DecodePass pass, String wmiCode) {
        String errors = pass.characterErrors.stream()
                .map(error -> "position " + error.position() + " is '" + error.found() + "', where they allow "
                        + String.join(", ", error.allowed().chars().mapToObj(c -> String.valueOf((char) c)).toList()))
                .collect(Collectors.joining("; "));
        return "In model year " + pass.modelYear + ", WMI " + wmiCode + "'s patterns: " + errors + ". NHTSA suggests "
                + pass.suggestedVin + (pass.suggestedVin.indexOf('!') >= 0 ? " (! where no one character fits)" : "");
    }

    private List<VinDecoding.DecodedElement> elements(DecodePass pass) {
        List<VinDecoding.DecodedElement> elements = new ArrayList<>(pass.items.size());
        for (Item item : pass.items) {
            VpicIndex.Element element = index.element(item.elementId());
            elements.add(new VinDecoding.DecodedElement(
                    element == null ? null : element.code(),
                    element == null ? "element " + item.elementId() : element.name(),
                    DecodePass.text(index, item),
                    item.source().label,
                    item.schemaId(),
                    item.key() == null ? null : item.key().text()));
        }
        elements.sort(Comparator.comparing(VinDecoding.DecodedElement::name));
        return elements;
    }

    private String value(DecodePass pass, int elementId) {
        Item item = pass.item(elementId);
        return item == null ? null : DecodePass.text(index, item);
    }

    private static Integer integer(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** NHTSA's {@code fVinDescriptor}: positions 1-11 (1-14 for a small manufacturer), position 9 as '*'. */
    static String descriptor(String vin) {
        String padded = (vin + "*****************").substring(0, 17);
        padded = padded.substring(0, 8) + "*" + padded.substring(9);
        return padded.charAt(2) == '9' ? padded.substring(0, 14) : padded.substring(0, 11);
    }

    private long nowMicros() {
        Instant now = clock.instant();
        return ChronoUnit.MICROS.between(Instant.EPOCH, now);
    }
}
