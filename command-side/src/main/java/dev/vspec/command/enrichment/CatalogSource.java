package dev.vspec.command.enrichment;

import dev.vspec.contracts.identity.Vin;
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
     */
    Optional<UpstreamConfiguration> findByVin(Vin vin);

    /** The source did not answer: unreachable, too slow, or answering errors. */
    final class UpstreamUnavailable extends RuntimeException {

        public UpstreamUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
