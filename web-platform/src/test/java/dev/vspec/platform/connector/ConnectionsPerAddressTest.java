package dev.vspec.platform.connector;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConnectionsPerAddressTest {

    @Test
    void aNetworkHoldsNoMoreThanItsLimitAndOthersAreNotAffected() {
        ConnectionsPerAddress places = new ConnectionsPerAddress(2);

        assertThat(places.tryAcquire("203.0.113.9")).isTrue();
        assertThat(places.tryAcquire("203.0.113.9")).isTrue();
        assertThat(places.tryAcquire("203.0.113.9")).isFalse();
        assertThat(places.tryAcquire("198.51.100.1")).isTrue();
        assertThat(places.held("203.0.113.9")).isEqualTo(2);
    }

    @Test
    void aClosedConnectionGivesItsPlaceBackAndAnEmptyNetworkIsForgotten() {
        ConnectionsPerAddress places = new ConnectionsPerAddress(1);
        places.tryAcquire("203.0.113.9");

        places.release("203.0.113.9");

        assertThat(places.held("203.0.113.9")).isZero();
        assertThat(places.tryAcquire("203.0.113.9")).isTrue();
    }

    @Test
    void aLimitOfZeroLimitsNothing() {
        assertThat(new ConnectionsPerAddress(0).limited()).isFalse();
        assertThat(new ConnectionsPerAddress(256).limited()).isTrue();
    }
}
