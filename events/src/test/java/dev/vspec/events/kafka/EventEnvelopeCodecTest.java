package dev.vspec.events.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vspec.contracts.catalog.ExteriorImageCached;
import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.PartPriced;
import dev.vspec.contracts.catalog.ServiceHistoryRecorded;
import dev.vspec.contracts.catalog.ServiceRecord;
import dev.vspec.contracts.catalog.SpecsRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.contracts.enrichment.EnrichmentFailed;
import dev.vspec.contracts.enrichment.EnrichmentStep;
import dev.vspec.contracts.enrichment.EnrichmentStepCompleted;
import dev.vspec.contracts.error.ErrorCode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventEnvelopeCodecTest {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "0f3a");

    private final EventEnvelopeCodec codec = new EventEnvelopeCodec();

    private Object roundTrip(Object event) {
        EventEnvelope sent = codec.wrap(
                "event-1",
                "VehicleConfiguration",
                "2019-honda-civic-lx-k20c2-fwd",
                3,
                Instant.parse("2026-11-01T10:15:30Z"),
                event);
        byte[] record = codec.encode(sent);
        EventEnvelope received = codec.decode(record);
        assertThat(received.envelopeVersion()).isEqualTo(EventEnvelope.VERSION);
        assertThat(received.eventId()).isEqualTo("event-1");
        assertThat(received.eventType()).isEqualTo(event.getClass().getSimpleName());
        assertThat(received.aggregateId()).isEqualTo("2019-honda-civic-lx-k20c2-fwd");
        assertThat(received.aggregateSequence()).isEqualTo(3);
        assertThat(received.occurredAt()).isEqualTo(Instant.parse("2026-11-01T10:15:30Z"));
        Object read = codec.event(received);
        EventEnvelopeCodec.Payload payload = codec.payloadOf(record);
        assertThat(payload.eventType()).isEqualTo(received.eventType());
        assertThat(codec.event(payload))
                .as("the event read from the payload's bytes alone")
                .usingRecursiveComparison()
                .isEqualTo(read);
        return read;
    }

    @Test
    void carriesEventsWithTheirExactDecimalsAndDates() {
        FluidsRecorded fluids = new FluidsRecorded(
                "2019-honda-civic-lx-k20c2-fwd",
                List.of(new Fluid(
                        "engine_oil", "API SP 0W-20", new BigDecimal("4.20"), new BigDecimal("4.40"), "with filter")),
                SOURCE);
        PartPriced price = new PartPriced(
                "2019-honda-civic-lx-k20c2-fwd",
                "15400-PLM-A02",
                new BigDecimal("9.10"),
                "USD",
                LocalDate.of(2026, 9, 1),
                SOURCE);
        ServiceHistoryRecorded history = new ServiceHistoryRecorded(
                "19XFC2F52KE715372",
                List.of(new ServiceRecord(
                        LocalDate.of(2020, 3, 14), 7512, 12089, "dealer", List.of("engine_oil_change"))),
                SOURCE);

        assertThat(roundTrip(fluids)).isEqualTo(fluids);
        assertThat(roundTrip(price)).isEqualTo(price);
        assertThat(((PartPriced) roundTrip(price)).amount().toPlainString()).isEqualTo("9.10");
        assertThat(roundTrip(history)).isEqualTo(history);
        assertThat(roundTrip(new VinLinked("19XFC2F52KE715372", "2019-honda-civic-lx-k20c2-fwd", SOURCE)))
                .isEqualTo(new VinLinked("19XFC2F52KE715372", "2019-honda-civic-lx-k20c2-fwd", SOURCE));
    }

    @Test
    void readsAnEventStoredBeforeEventsCarriedTheirSourceWithoutOne() {
        byte[] record = """
                {"envelopeVersion":1,"eventId":"e0","eventType":"SpecsRecorded","aggregateType":"VehicleConfiguration",\
                "aggregateId":"2019-honda-civic-lx-k20c2-fwd","aggregateSequence":2,"occurredAt":"2026-11-01T10:15:30.250Z",\
                "payload":{"configKey":"2019-honda-civic-lx-k20c2-fwd","specs":[]}}""".getBytes(StandardCharsets.UTF_8);

        EventEnvelopeCodec.Payload payload = codec.payloadOf(record);

        assertThat(codec.event(payload)).isEqualTo(new SpecsRecorded("2019-honda-civic-lx-k20c2-fwd", List.of(), null));
        assertThat(payload.occurredAt()).isEqualTo(Instant.parse("2026-11-01T10:15:30.250Z"));
    }

    @Test
    void carriesEachFactsSourceOmittingWhatDoesNotApplyToItsKind() {
        VinLinked linked = new VinLinked(
                "19XFC2F52KE715372",
                "2019-honda-civic-lx-k20c2-fwd",
                FactSource.vendor("vspec reference vendor (sample data)", 42));

        String payload = new String(
                codec.encode(codec.wrap(
                        "e1", "Vehicle", "19XFC2F52KE715372", 0, Instant.parse("2026-11-01T10:15:30Z"), linked)),
                StandardCharsets.UTF_8);

        assertThat(payload)
                .contains("\"source\":{\"kind\":\"vendor\",\"name\":\"vspec reference vendor (sample data)\","
                        + "\"responseMillis\":42}");
        assertThat(roundTrip(linked)).isEqualTo(linked);
    }

    @Test
    void carriesTheProgressOfEnrichmentJobsWithStepsAndReasonsAsTheirCodes() {
        String job = "enr_19XFC2F53LE208451_1";
        EnrichmentStepCompleted step = new EnrichmentStepCompleted(
                job,
                EnrichmentStep.FOUND_UPSTREAM,
                "2020-honda-civic-lx-k20c2-fwd",
                Instant.parse("2026-11-21T10:00:00.051Z"));
        EnrichmentFailed failed = new EnrichmentFailed(
                job,
                "19XFC2F53LE208451",
                ErrorCode.UPSTREAM_UNREACHABLE,
                "The catalog vendor did not answer",
                Instant.parse("2026-11-21T10:00:05Z"));

        assertThat(roundTrip(step)).isEqualTo(step);
        assertThat(roundTrip(failed)).isEqualTo(failed);
        assertThat(new String(
                        codec.encode(codec.wrap("event-2", "EnrichmentJob", job, 1, Instant.now(), failed)),
                        StandardCharsets.UTF_8))
                .contains("\"reason\":\"upstream_unreachable\"");
    }

    @Test
    void carriesImageBytes() {
        byte[] svg = "<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8);
        ExteriorImageCached image = (ExteriorImageCached) roundTrip(
                new ExteriorImageCached("2019-honda-civic-lx-k20c2-fwd", "image/svg+xml", svg, "ab12", SOURCE));
        assertThat(image.image()).isEqualTo(svg);
        assertThat(image.contentType()).isEqualTo("image/svg+xml");
    }

    @Test
    void anEventTypeNewerThanThisCodeIsReadAsNothing() {
        String json = """
                {"envelopeVersion":1,"eventId":"e","eventType":"SomethingFromTheFuture","aggregateType":"X",
                 "aggregateId":"a","aggregateSequence":0,"occurredAt":"2026-11-01T10:15:30Z","payload":{"x":1}}""";
        EventEnvelope envelope = codec.decode(json.getBytes(StandardCharsets.UTF_8));
        assertThat(codec.event(envelope)).isNull();
    }

    @Test
    void thePayloadIsFoundByItsBytesWhateverCharactersComeBeforeAndInIt() {
        FluidsRecorded fluids = new FluidsRecorded(
                "2021-škoda-octavia-rs-\"chz\"-fwd",
                List.of(new Fluid(
                        "engine_oil", "VW 504 00 5W-30 — Öl {mit} Filter ✓", new BigDecimal("5.70"), null, "文字")),
                SOURCE);
        byte[] record = codec.encode(codec.wrap(
                "événement-1",
                "VehicleConfiguration",
                "2021-škoda-octavia-✓",
                0,
                Instant.parse("2026-11-01T10:15:30Z"),
                fluids));

        EventEnvelopeCodec.Payload payload = codec.payloadOf(record);

        assertThat(payload.eventType()).isEqualTo("FluidsRecorded");
        assertThat(codec.event(payload)).isEqualTo(fluids);
    }

    @Test
    void aRecordWithoutAnEventTypeOrAnObjectPayloadHasNoPayload() {
        for (String json : List.of(
                "not json",
                "[1,2]",
                "\"text\"",
                "{\"hello\":\"world\"}",
                "{\"eventType\":\"VinLinked\"}",
                "{\"eventType\":\"VinLinked\",\"payload\":null}",
                "{\"eventType\":null,\"payload\":{}}",
                "{\"eventType\":\"VinLinked\",\"payload\":{}} trailing",
                "{\"eventType\":\"VinLinked\",\"payload\":{\"vin\":")) {
            assertThatThrownBy(() -> codec.payloadOf(json.getBytes(StandardCharsets.UTF_8)))
                    .as(json)
                    .isInstanceOf(EventEnvelopeCodec.UnreadableEnvelopeException.class);
        }
        EventEnvelopeCodec.Payload future = codec.payloadOf(
                "{\"eventType\":\"SomethingFromTheFuture\",\"payload\":{\"x\":[1,{\"y\":2}]},\"occurredAt\":\"later\"}"
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(codec.event(future)).isNull();
        assertThat(new String(future.bytes(), future.offset(), future.length(), StandardCharsets.UTF_8))
                .isEqualTo("{\"x\":[1,{\"y\":2}]}");
    }

    @Test
    void aPayloadThatIsNoObjectFailsOnlyWhenItsEventIsRead() {
        for (String payload : List.of("[]", "\"text\"", "42", "true")) {
            EventEnvelopeCodec.Payload read =
                    codec.payloadOf(("{\"eventType\":\"VinLinked\",\"payload\":" + payload + ",\"eventId\":\"e\"}")
                            .getBytes(StandardCharsets.UTF_8));
            assertThat(read.eventType()).isEqualTo("VinLinked");
            assertThatThrownBy(() -> codec.event(read)).as(payload).isInstanceOf(RuntimeException.class);
        }
        assertThat(codec.payloadOf("{\"eventType\":7,\"payload\":{}}".getBytes(StandardCharsets.UTF_8))
                        .eventType())
                .as("read as decode() reads it: a type of that name is unknown")
                .isEqualTo("7");
    }

    @Test
    void aRecordThatIsNoEnvelopeIsUnreadable() {
        assertThatThrownBy(() -> codec.decode("not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EventEnvelopeCodec.UnreadableEnvelopeException.class);
        assertThatThrownBy(() -> codec.decode("{\"hello\":\"world\"}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EventEnvelopeCodec.UnreadableEnvelopeException.class);
    }
}
