package dev.vspec.decoder;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The vPIC vehicle types a catalog can be seeded with, by the names operators type and vPIC's {@code VehicleType} ids. */
public enum VehicleType {
    MOTORCYCLE(1),
    CAR(2),
    TRUCK(3),
    BUS(5),
    MPV(7);

    private final int vpicId;

    VehicleType(int vpicId) {
        this.vpicId = vpicId;
    }

    public int vpicId() {
        return vpicId;
    }

    /** {@code car}, {@code mpv}, ... in any case. */
    public static VehicleType parse(String name) {
        String wanted = name.strip().toUpperCase(Locale.ROOT);
        for (VehicleType type : values()) {
            if (type.name().equals(wanted)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown vehicle type '" + name.strip() + "'; the types are " + names());
    }

    /** {@code motorcycle, car, truck, bus, mpv}. */
    public static String names() {
        return Arrays.stream(values()).map(VehicleType::toString).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
