package dev.vspec.infra.access;

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
    void whatIsNotAnAddressSharesOneShortSubjectWhateverItsLength() {
        String garbage = "x".repeat(4000);

        assertThat(BudgetAddress.of(garbage)).isEqualTo(BudgetAddress.NOT_AN_ADDRESS);
        assertThat(BudgetAddress.of(garbage + "y")).isEqualTo(BudgetAddress.of("unknown"));
        assertThat(BudgetAddress.of("203.0.113.7, 198.51.100.1")).as("a list is not one address").isEqualTo(BudgetAddress.NOT_AN_ADDRESS);
        assertThat(BudgetAddress.of("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff").length()).isLessThan(30);
    }
}
