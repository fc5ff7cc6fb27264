package dev.vspec.harness.bench;

import java.io.PrintWriter;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/** The measured enrichments' times: end to end, and where they went by the job's own timestamps. */
final class EnrichmentTimes {

    private final Latencies enrichment;
    private final Latencies untilProcessed;
    private final Latencies processing;
    private final Latencies untilReadable;

    EnrichmentTimes(int count) {
        enrichment = new Latencies(count);
        untilProcessed = new Latencies(count);
        processing = new Latencies(count);
        untilReadable = new Latencies(count);
    }

    /** One enrichment that took {@code tookNanos} from its POST to its first 200 read, and its job as answered then. */
    void add(long tookNanos, JsonNode job) {
        enrichment.add(tookNanos);
        long scheduled = millis(job.get("scheduled_at"));
        long decoded = millis(job.get("steps").get(0).get("at"));
        long completed = millis(job.get("updated_at"));
        untilProcessed.add((decoded - scheduled) * 1_000_000);
        processing.add((completed - decoded) * 1_000_000);
        untilReadable.add(Math.max(0, tookNanos - (completed - scheduled) * 1_000_000));
    }

    /** The median and p99 of the enrichments and of the Kafka round trips, their ratios, and where the time went. */
    void print(PrintWriter out, Latencies kafka) {
        double enrichMedian = enrichment.percentileMillis(50);
        double enrichP99 = enrichment.percentileMillis(99);
        double kafkaMedian = kafka.percentileMillis(50);
        double kafkaP99 = kafka.percentileMillis(99);
        out.println();
        out.printf("%-46s %10s %10s%n", "", "median ms", "p99 ms");
        out.printf(
                "%-46s %10.1f %10.1f%n",
                "POST /v0/enrich -> first 200 read (" + enrichment.count() + " VINs)", enrichMedian, enrichP99);
        out.printf(
                "%-46s %10.2f %10.2f%n",
                "Kafka produce -> consume (" + kafka.count() + " records)", kafkaMedian, kafkaP99);
        out.printf(
                "%-46s %10.1f %10.1f%n",
                "ratio enrichment / Kafka round trip", enrichMedian / kafkaMedian, enrichP99 / kafkaP99);
        out.flush();
        out.println();
        out.println("Where an enrichment's time goes (from the job's own timestamps; medians, ms):");
        out.printf(
                "  scheduled -> the process starts (enrichment processor picks the event up) %8.1f%n",
                untilProcessed.percentileMillis(50));
        out.printf(
                "  the process: decode, vendor, catalog commands, link, complete             %8.1f%n",
                processing.percentileMillis(50));
        out.printf(
                "  completed -> first 200 read (relay, Kafka, projections, client's polling) %8.1f%n",
                untilReadable.percentileMillis(50));
        out.flush();
    }

    private static long millis(JsonNode time) {
        return Instant.parse(time.asString()).toEpochMilli();
    }
}
