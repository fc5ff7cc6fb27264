package dev.vspec.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PrometheusScrapeTest {

    @Test
    void aLabelValueMayHoldBracesAndEscapedQuotes() {
        PrometheusScrape scrape = PrometheusScrape.parse("""
                # HELP http_server_requests_seconds_count requests
                http_server_requests_seconds_count{method="GET",uri="/api/v1/wmi/{wmi}"} 3.0
                http_server_requests_seconds_count{method="GET",uri="/api/{unknown}",note="a \\"quoted\\" }"} 1.0
                up 1.0
                """);

        List<PrometheusScrape.Sample> samples = scrape.samples("http_server_requests_seconds_count");

        assertThat(samples)
                .extracting(sample -> sample.labels().get("uri"))
                .containsExactly("/api/v1/wmi/{wmi}", "/api/{unknown}");
        assertThat(samples.get(1).labels()).containsEntry("note", "a \\\"quoted\\\" }");
        assertThat(samples).extracting(PrometheusScrape.Sample::value).containsExactly(3.0, 1.0);
        assertThat(scrape.samples("up"))
                .singleElement()
                .satisfies(sample -> assertThat(sample.labels()).isEmpty());
    }
}
