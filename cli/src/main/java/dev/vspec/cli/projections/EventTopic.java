package dev.vspec.cli.projections;

import dev.vspec.events.kafka.EventTopicProperties;
import picocli.CommandLine.Option;

/** Where the stack's event topic is: the options the commands that read it share. */
public final class EventTopic {

    @Option(
            names = "--kafka-bootstrap",
            defaultValue = "${env:VSPEC_KAFKA_BOOTSTRAP:-127.0.0.1:9092}",
            description = "The stack's broker (default: VSPEC_KAFKA_BOOTSTRAP or ${DEFAULT-VALUE}).")
    String bootstrap;

    @Option(
            names = "--topic",
            defaultValue = "${env:VSPEC_EVENTS_TOPIC:-" + EventTopicProperties.DEFAULT_TOPIC + "}",
            description = "The event topic (default: VSPEC_EVENTS_TOPIC or ${DEFAULT-VALUE}).")
    String name;

    public String bootstrap() {
        return bootstrap;
    }

    public String name() {
        return name;
    }
}
