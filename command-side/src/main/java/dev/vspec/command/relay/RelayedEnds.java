package dev.vspec.command.relay;

import java.util.List;
import java.util.Map;

/**
 * Where the relay's records end on the event topic, kept with the relay's token, and recorded for
 * the enrichment jobs a batch completes. Once Kafka holds a batch nothing here may need the broker:
 * a broker lost at that moment would fail a batch already on the topic, and its retry would put its
 * records there twice.
 */
interface RelayedEnds {

    /** Before a batch's first send, when a failure costs nothing: nothing of the batch is on the topic yet. */
    void beforeFirstSend();

    /**
     * Once Kafka has acknowledged every record of the batch, before the relay's token moves past them.
     *
     * @param nextOffsets the offset after the batch's last record, for each partition it wrote to
     * @param completedJobs the enrichment jobs whose completion the batch published
     */
    void acknowledged(Map<Integer, Long> nextOffsets, List<String> completedJobs);
}
