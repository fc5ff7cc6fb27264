package dev.vspec.projections.runtime;

import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/** DOWN when the runtime runs but a projection's consumers have stopped (e.g. a fatal consumer error). */
final class ProjectionsHealthIndicator implements HealthIndicator {

    private final ProjectionRuntime runtime;

    ProjectionsHealthIndicator(ProjectionRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public Health health() {
        Map<String, Boolean> running = runtime.containersRunning();
        boolean down = runtime.isRunning() && running.containsValue(false);
        return (down ? Health.down() : Health.up())
                .withDetail("consumers", running)
                .build();
    }
}
