package dev.vspec.query.decode;

import dev.vspec.infra.decoding.VinDecoding;
import dev.vspec.query.vehicle.Vehicle;

/**
 * {@code {"vehicle": {...}, "decode": {...}}}: the resolved configuration and, in VIN mode, what the
 * built-in decoder read from the VIN (null in the other modes, where there is nothing to decode).
 */
record DecodeResponse(Vehicle vehicle, VinDecoding decode) {
}
