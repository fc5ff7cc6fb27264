package dev.vspec.decoder;

import dev.vspec.contracts.identity.VehicleNames;
import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.VpicIndex.Wmi;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

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
 * <li>One winner per element ({@link DecodingItem#RANKING}); the engine model adds its own attributes below any
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
            System.getLogger(VinDecoder.class.getName())
                    .log(System.Logger.Level.WARNING, "Warming the VIN decoder failed; it answers cold", e);
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
        ModelYears.Reading year = ModelYears.read(text, known, currentYear());
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
        Wmi wmi = publicWmi(code.toUpperCase(Locale.ROOT));
        return wmi == null ? null : WmiDescription.of(wmi, currentYear() + ModelYears.YEARS_AHEAD, index.release());
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
        String vin = PartialDecoder.padded(partial);
        Wmi wmi = publicWmi(wmiOf(vin));
        return wmi == null ? null : new PartialDecoder(index).decode(vin, wmi, currentYear());
    }

    /**
     * spVinDecode keeps the pass with the best error value (the sum of its codes' weights, {@link NhtsaCode}),
     * then the most element weight, then the most values from patterns, then the later year.
     */
    private boolean better(DecodePass candidate, DecodePass current) {
        Comparator<DecodePass> order = Comparator.comparingInt(DecodePass::errorValue)
                .thenComparingInt(pass -> pass.elementsWeight(index))
                .thenComparingLong(DecodePass::patternValues)
                .thenComparingInt(pass -> pass.modelYear == null ? Integer.MIN_VALUE : pass.modelYear);
        return order.compare(candidate, current) > 0;
    }

    private VinDecoding result(String vin, String wmiCode, Wmi wmi, DecodePass pass, ModelYears.Reading year) {
        Vin parsed = Vin.parse(vin);
        char expected = parsed.expectedCheckDigit();
        boolean checkDigitValid = vin.charAt(8) == expected;
        List<DecodeWarning> warnings = new ArrayList<>();
        List<Integer> nhtsaCodes = new ArrayList<>();
        DecodeWarnings.add(warnings, nhtsaCodes, vin, wmiCode, wmi, pass, year, parsed, checkDigitValid);
        Integer modelYear = pass.modelYear;
        String displacementL = value(pass, Element.DISPLACEMENT_L);
        Integer cylinders = integer(value(pass, Element.CYLINDERS));
        String configuration = value(pass, Element.ENGINE_CONFIGURATION);
        String fuel = value(pass, Element.FUEL_PRIMARY);
        String engineModel = value(pass, Element.ENGINE_MODEL);
        String make = value(pass, Element.MAKE);
        String model = value(pass, Element.MODEL);
        String displacementCc = value(pass, Element.DISPLACEMENT_CC);
        return new VinDecoding(
                vin,
                wmiCode,
                descriptor(vin),
                value(pass, Element.MANUFACTURER),
                VehicleNames.make(make),
                make,
                VehicleNames.model(model),
                model,
                modelYear,
                value(pass, Element.SERIES),
                value(pass, Element.TRIM),
                value(pass, Element.VEHICLE_TYPE),
                value(pass, Element.BODY_CLASS),
                integer(value(pass, Element.DOORS)),
                value(pass, Element.DRIVE_TYPE),
                engineModel,
                EngineCode.resolve(engineModel, displacementL, cylinders, configuration, fuel),
                configuration,
                cylinders,
                displacementL,
                displacementCc,
                DecodedFields.number(displacementL),
                DecodedFields.number(displacementCc),
                fuel,
                value(pass, Element.FUEL_SECONDARY),
                value(pass, Element.ELECTRIFICATION),
                value(pass, Element.TURBO),
                value(pass, Element.ENGINE_MANUFACTURER),
                value(pass, Element.GVWR),
                new VinDecoding.Plant(
                        value(pass, Element.PLANT_CITY),
                        value(pass, Element.PLANT_STATE),
                        value(pass, Element.PLANT_COUNTRY)),
                new VinDecoding.CheckDigit(
                        checkDigitValid,
                        String.valueOf(expected),
                        checkDigitValid ? null : parsed.withCorrectCheckDigit().value()),
                warnings,
                nhtsaCodes,
                elements(pass),
                index.release());
    }

    private List<VinDecoding.DecodedElement> elements(DecodePass pass) {
        List<VinDecoding.DecodedElement> elements = new ArrayList<>(pass.items.size());
        for (DecodingItem item : pass.items) {
            Element element = index.element(item.elementId());
            elements.add(new VinDecoding.DecodedElement(
                    element == null ? null : element.code(),
                    element == null ? "element " + item.elementId() : element.name(),
                    element == null ? "element_" + item.elementId() : DecodedFields.nameOf(element),
                    item.text(index),
                    item.source().label,
                    item.schemaId(),
                    item.key() == null ? null : item.key().text()));
        }
        elements.sort(Comparator.comparing(VinDecoding.DecodedElement::name));
        return elements;
    }

    private String value(DecodePass pass, int elementId) {
        DecodingItem item = pass.item(elementId);
        return item == null ? null : item.text(index);
    }

    private static Integer integer(String text) {
        return text == null ? null : VpicIndex.id(text);
    }

    /** NHTSA's {@code fVinDescriptor}: positions 1-11 (1-14 for a small manufacturer), position 9 as '*'. */
    static String descriptor(String vin) {
        String padded = (vin + "*****************").substring(0, 17);
        padded = padded.substring(0, 8) + "*" + padded.substring(9);
        return padded.charAt(2) == '9' ? padded.substring(0, 14) : padded.substring(0, 11);
    }

    private int currentYear() {
        return clock.instant().atZone(ZoneOffset.UTC).getYear();
    }

    private long nowMicros() {
        Instant now = clock.instant();
        return ChronoUnit.MICROS.between(Instant.EPOCH, now);
    }
}
