package dev.vspec.query.vehicle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConfigurationCacheConfigurationTest {

    private static final long TWO_GIB = 2L << 30;

    @Test
    void withoutASizeTheCacheTakesAQuarterOfTheHeap() {
        assertThat(ConfigurationCacheConfiguration.maxBytes("", TWO_GIB)).isEqualTo(512L << 20);
        assertThat(ConfigurationCacheConfiguration.maxBytes(null, TWO_GIB)).isEqualTo(512L << 20);
    }

    @Test
    void aConfiguredSizeIsTakenAsItIsAndZeroTurnsTheCacheOff() {
        assertThat(ConfigurationCacheConfiguration.maxBytes("256MB", TWO_GIB)).isEqualTo(256L << 20);
        assertThat(ConfigurationCacheConfiguration.maxBytes(" 1GB ", TWO_GIB)).isEqualTo(1L << 30);
        assertThat(ConfigurationCacheConfiguration.maxBytes("0", TWO_GIB)).isZero();
    }
}
