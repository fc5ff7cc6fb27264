package dev.vspec.platform.connector;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BudgetAddressTest {

    @Test
    void hostNamesAreRefusedBeforeAnyLookup() {
        // refused by the literal check, so InetAddress never gets a name it would resolve
        assertThat(BudgetAddress.literal("unknown")).isEmpty();
        assertThat(BudgetAddress.literal("evil.example")).isEmpty();
        assertThat(BudgetAddress.literal("localhost")).isEmpty();
        assertThat(BudgetAddress.literal("203.0.113.7:443")).isEmpty();
        assertThat(BudgetAddress.literal("203.0.113")).isEmpty();
        // hex-only names and out-of-range octets would otherwise be resolved as host names
        assertThat(BudgetAddress.literal("dead.beef.cafe.face")).isEmpty();
        assertThat(BudgetAddress.literal("1.2.3.4a")).isEmpty();
        assertThat(BudgetAddress.literal("999.1.1.1")).isEmpty();
        assertThat(BudgetAddress.literal("cafe")).isEmpty();
        assertThat(BudgetAddress.literal(null)).isEmpty();
        assertThat(BudgetAddress.literal("203.0.113.7")).isPresent();
    }

    @Test
    void anIpv6ClientIsBudgetedByItsSlash64AndAnIpv4ClientByItsAddress() {
        assertThat(BudgetAddress.of("2001:db8:0:0:0:0:0:1")).isEqualTo("2001:db8:0:0::/64");
        assertThat(BudgetAddress.of("2001:db8::ffff:1234")).isEqualTo(BudgetAddress.of("2001:db8::1"));
        assertThat(BudgetAddress.of("2001:db8:0:1::1")).isNotEqualTo(BudgetAddress.of("2001:db8::1"));
        assertThat(BudgetAddress.of("203.0.113.7")).isEqualTo("203.0.113.7");
    }

    @Test
    void anIpv4AddressCountsAsOneSubjectHoweverItsOctetsAreWritten() {
        assertThat(BudgetAddress.of("010.001.000.255")).isEqualTo("10.1.0.255");
        assertThat(BudgetAddress.of("203.0.113.07")).isEqualTo("203.0.113.7");
        assertThat(BudgetAddress.of("0.0.0.0")).isEqualTo("0.0.0.0");
        assertThat(BudgetAddress.of("255.255.255.255")).isEqualTo("255.255.255.255");
        for (String malformed : new String[] {
            "1.2.3.4.", ".1.2.3", "1..2.3", "1.2.3.4.5", "256.1.1.1", "1.2.3.0256", "1.2.3.-4", "1.2.3.4 ", "1.2.3.٤"
        }) {
            assertThat(BudgetAddress.of(malformed)).as(malformed).isEqualTo(BudgetAddress.NOT_AN_ADDRESS);
        }
    }

    @Test
    void whatIsNotAnAddressSharesOneShortSubjectWhateverItsLength() {
        String garbage = "x".repeat(4000);

        assertThat(BudgetAddress.of(garbage)).isEqualTo(BudgetAddress.NOT_AN_ADDRESS);
        assertThat(BudgetAddress.of(garbage + "y")).isEqualTo(BudgetAddress.of("unknown"));
        assertThat(BudgetAddress.of("203.0.113.7, 198.51.100.1"))
                .as("a list is not one address")
                .isEqualTo(BudgetAddress.NOT_AN_ADDRESS);
        assertThat(BudgetAddress.of("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff").length())
                .isLessThan(30);
    }
}
