package dev.vspec.query.vehicle;

import dev.vspec.contracts.identity.VehicleIdentifier;
import dev.vspec.platform.web.AskedRoutes;
import dev.vspec.readmodel.Group;

/**
 * Builds, per request, a {@link Group} that is not stored as a document (the image, the service history). The
 * group's own route and {@code include=} both call the same method, so the two answers cannot drift apart.
 *
 * @param <T> the group's value as rendered under its key
 */
public interface GroupBuilder<T> {

    Group group();

    /**
     * Refuses, before anything is read, an identifier mode this group cannot be built for.
     *
     * @throws dev.vspec.contracts.error.ApiException {@code invalid_param} naming the mode the group needs
     */
    default void accepts(VehicleIdentifier identifier) {}

    /**
     * The group's value for the vehicle; the identifier is there for groups kept per VIN, the routes for
     * groups that link to a route (on the surface that answered).
     *
     * @throws dev.vspec.contracts.error.ApiException when the identifier mode cannot carry this group
     */
    T of(Vehicle vehicle, VehicleIdentifier identifier, AskedRoutes routes);

    /**
     * The coverage an answer holding this group shows, from the coverage of the vehicle's groups it holds: the same,
     * for a group whose coverage the vehicle's own statement reads; a group covered by data of its own replaces its
     * entry.
     */
    default Coverage cover(Coverage shown) {
        return shown;
    }
}
