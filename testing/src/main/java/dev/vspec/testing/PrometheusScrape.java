package dev.vspec.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of a running deployable's {@code /actuator/prometheus}, as Prometheus would take it, and its samples. */
public final class PrometheusScrape {

    /** A sample line; a label's quoted value may hold braces ({@code uri="/api/v1/wmi/{wmi}"}). */
    private static final Pattern SAMPLE =
            Pattern.compile("(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{((?:[^\"}]|\"(?:[^\"\\\\]|\\\\.)*\")*)\\})? (\\S+)$");

    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final String text;

    private PrometheusScrape(String text) {
        this.text = text;
    }

    /** Scrapes the deployable whose management port is {@code port}, on 127.0.0.1; the scrape must succeed. */
    public static PrometheusScrape of(int port) {
        Api.Reply reply = new Api(port).getWith("/actuator/prometheus", "Accept", "text/plain");
        assertThat(reply.status()).as("scrape of :%d", port).isEqualTo(200);
        return parse(reply.text());
    }

    public static PrometheusScrape parse(String text) {
        return new PrometheusScrape(text);
    }

    public String text() {
        return text;
    }

    /** Every sample of {@code metric} (the exact sample name, e.g. {@code x_total} or {@code x_bucket}). */
    public List<Sample> samples(String metric) {
        List<Sample> samples = new ArrayList<>();
        Matcher sample = SAMPLE.matcher(text);
        while (sample.find()) {
            if (sample.group(1).equals(metric)) {
                Map<String, String> labels = new LinkedHashMap<>();
                Matcher label = LABEL.matcher(sample.group(2) == null ? "" : sample.group(2));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
                samples.add(new Sample(labels, Double.parseDouble(sample.group(3))));
            }
        }
        return samples;
    }

    /** The value of the sample of {@code metric} with these labels among its own (name, value, ...); 0 when there is none. */
    public double value(String metric, String... labelNamesAndValues) {
        Map<String, String> wanted = new LinkedHashMap<>();
        for (int i = 0; i < labelNamesAndValues.length; i += 2) {
            wanted.put(labelNamesAndValues[i], labelNamesAndValues[i + 1]);
        }
        return samples(metric).stream()
                .filter(sample -> sample.labels().entrySet().containsAll(wanted.entrySet()))
                .mapToDouble(Sample::value)
                .findFirst()
                .orElse(0);
    }

    public record Sample(Map<String, String> labels, double value) {}
}
