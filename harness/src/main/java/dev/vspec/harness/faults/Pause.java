package dev.vspec.harness.faults;

import dev.vspec.cli.stack.StackException;
import java.time.Duration;

/** The drill's deliberate waits: a part kept down, the load's pace, a poll's interval. */
final class Pause {

    private Pause() {}

    static void of(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("Interrupted", e);
        }
    }
}
