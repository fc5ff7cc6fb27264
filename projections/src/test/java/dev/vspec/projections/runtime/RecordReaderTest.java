package dev.vspec.projections.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.contracts.catalog.FactSource;
import dev.vspec.contracts.catalog.Fluid;
import dev.vspec.contracts.catalog.FluidsRecorded;
import dev.vspec.contracts.catalog.VinLinked;
import dev.vspec.events.kafka.EventEnvelope;
import dev.vspec.events.kafka.EventEnvelopeCodec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class RecordReaderTest {

    private static final FactSource SOURCE = FactSource.importFile("catalog.json", "5e0c3d9a");

    private static final Instant AT = Instant.parse("2025-01-01T00:00:00Z");

    private final EventEnvelopeCodec codec = new EventEnvelopeCodec();
    private final RecordReader fluids = new RecordReader(
            codec,
            EventHandlers.builder().on(FluidsRecorded.class, (db, e, at) -> {}).build());

    @Test
    void aHandledEventIsReadIntoItsType() {
        FluidsRecorded event = new FluidsRecorded(
                "cfg", List.of(new Fluid("engine_oil", "0W-20", new BigDecimal("4.40"), null, null)), SOURCE);
        RecordReader.Reading reading =
                fluids.read(codec.encode(codec.wrap("e1", "VehicleConfiguration", "cfg", 3, AT, event)), null);
        assertThat(reading).isInstanceOfSatisfying(RecordReader.Apply.class, apply -> {
            assertThat(apply.event()).isEqualTo(event);
            assertThat(apply.eventType()).isEqualTo("FluidsRecorded");
            assertThat(apply.occurredAt())
                    .as("when the event was stored, for recorded_at")
                    .isEqualTo(AT);
        });
    }

    @Test
    void aPublishedTypeWithoutHandlerIsIgnored() {
        byte[] value = codec.encode(codec.wrap("e1", "Vehicle", "VIN", 0, AT, new VinLinked("VIN", "cfg", SOURCE)));
        assertThat(fluids.read(value, null)).isEqualTo(new RecordReader.Ignore("VinLinked"));
    }

    @Test
    void aTypeNewerThanThisCodeIsUnknown() {
        byte[] value = codec.encode(new EventEnvelope(
                1,
                "e1",
                "ConfigurationRetired",
                "VehicleConfiguration",
                "cfg",
                0,
                AT,
                JsonMapper.shared().createObjectNode()));
        assertThat(fluids.read(value, null)).isEqualTo(new RecordReader.Unknown("ConfigurationRetired"));
    }

    @Test
    void whatIsNoEnvelopeIsUnreadable() {
        assertThat(fluids.read("garbage".getBytes(StandardCharsets.UTF_8), null))
                .isInstanceOfSatisfying(
                        RecordReader.Unreadable.class,
                        u -> assertThat(u.reason()).contains("not an event envelope"));
        assertThat(fluids.read("{}".getBytes(StandardCharsets.UTF_8), null))
                .isInstanceOf(RecordReader.Unreadable.class);
        assertThat(fluids.read(new byte[0], null)).isInstanceOf(RecordReader.Unreadable.class);
        assertThat(fluids.read(null, null)).isEqualTo(new RecordReader.Unreadable("record has no value"));
    }

    @Test
    void anUnreadablePayloadIsUnreadableOnlyForAProjectionThatHandlesItsType() {
        byte[] value = codec.encode(new EventEnvelope(
                1,
                "e1",
                "FluidsRecorded",
                "VehicleConfiguration",
                "cfg",
                0,
                AT,
                JsonMapper.shared().createObjectNode().put("fluids", "a lot")));
        assertThat(fluids.read(value, null))
                .isInstanceOfSatisfying(
                        RecordReader.Unreadable.class,
                        u -> assertThat(u.reason()).startsWith("payload of FluidsRecorded is unreadable"));
        RecordReader vins = new RecordReader(
                codec,
                EventHandlers.builder().on(VinLinked.class, (db, e, at) -> {}).build());
        assertThat(vins.read(value, null)).isEqualTo(new RecordReader.Ignore("FluidsRecorded"));
    }

    @Test
    void aRecordWhoseTypeHeaderNamesATypeTheProjectionDoesNotHandleIsIgnoredUnread() {
        byte[] notAnEnvelope = "garbage".getBytes(StandardCharsets.UTF_8);

        assertThat(fluids.read(notAnEnvelope, "VinLinked")).isEqualTo(new RecordReader.Ignore("VinLinked"));
        assertThat(fluids.read(notAnEnvelope, "ConfigurationRetired"))
                .isEqualTo(new RecordReader.Unknown("ConfigurationRetired"));
        assertThat(fluids.read(notAnEnvelope, "FluidsRecorded"))
                .as("a handled type is read, and found unreadable")
                .isInstanceOf(RecordReader.Unreadable.class);
        FluidsRecorded event = new FluidsRecorded("cfg", List.of(), SOURCE);
        byte[] value = codec.encode("e1", "VehicleConfiguration", "cfg", 3, AT, event);
        assertThat(fluids.read(value, "FluidsRecorded")).isEqualTo(new RecordReader.Apply("FluidsRecorded", event, AT));
    }

    @Test
    void theTypeHeaderIsReadFromTheRecordAsTheRelayWritesIt() {
        ConsumerRecord<String, byte[]> record = new ConsumerRecord<>("t", 0, 0, "cfg", new byte[0]);
        assertThat(RecordReader.typeHeader(record)).isNull();
        record.headers().add(EventEnvelope.EVENT_TYPE_HEADER, "PartPriced".getBytes(StandardCharsets.UTF_8));
        assertThat(RecordReader.typeHeader(record)).isEqualTo("PartPriced");
    }
}
