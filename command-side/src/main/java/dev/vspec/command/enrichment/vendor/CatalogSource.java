package dev.vspec.command.enrichment.vendor;

import dev.vspec.contracts.identity.Vin;
import dev.vspec.decoder.CatalogIdentity;
import java.util.Optional;

/**
 * An upstream source of catalog data for VINs the service does not hold. Chosen by configuration:
 * the shipped reference vendor ({@link ReferenceCatalogSource}) or an HTTP vendor.
 */
public interface CatalogSource {

    /**
     * The configuration {@code vin} was built as, or empty when the source does not know the VIN.
     *
     * @throws UpstreamUnavailable when the source cannot answer now (a retry may succeed)
     * @throws UpstreamRefused     when the source answered with something that cannot be used
     */
    Optional<UpstreamConfiguration> findByVin(Vin vin);

    /**
     * The configuration of the vehicle {@code vin} decodes as, asked by its identity when the source
     * does not know the VIN itself: its configuration's commands, without any other VIN's link or
     * history. Empty when the source knows no such configuration or cannot be asked by identity.
     *
     * @throws UpstreamUnavailable when the source cannot answer now
     * @throws UpstreamRefused     when the source answered with something that cannot be used
     */
    default Optional<UpstreamConfiguration> findByIdentity(CatalogIdentity identity, Vin vin) {
        return Optional.empty();
    }

    /** The source did not answer: unreachable, too slow, or answering errors. */
    final class UpstreamUnavailable extends RuntimeException {

        public UpstreamUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The source answered, but not with usable data: an answer outside its contract, about another
     * VIN, or data the catalog rules refuse. Asking again would get the same answer. The message
     * says why without repeating the answer, which may hold anything.
     */
    final class UpstreamRefused extends RuntimeException {

        public UpstreamRefused(String message) {
            super(message);
        }

        public UpstreamRefused(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
