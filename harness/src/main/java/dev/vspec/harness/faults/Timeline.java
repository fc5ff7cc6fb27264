package dev.vspec.harness.faults;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The drill's fault windows, each from the fault until its part serves again and a grace period has
 * passed; an answer belongs to the window its request overlapped, else to {@link #STEADY}.
 */
final class Timeline {

    static final String STEADY = "steady";

    private final List<Window> windows = new CopyOnWriteArrayList<>();

    void open(String name) {
        windows.add(new Window(name, System.nanoTime()));
    }

    void closeLast() {
        windows.get(windows.size() - 1).to = System.nanoTime();
    }

    /** The first fault window that overlaps a request sent at {@code start} and answered at {@code end}. */
    String windowOf(long start, long end) {
        for (Window window : windows) {
            if (start <= window.to && end >= window.from) {
                return window.name;
            }
        }
        return STEADY;
    }

    /** Steady first, then the faults in the order they came. */
    List<String> names() {
        List<String> names = new java.util.ArrayList<>(List.of(STEADY));
        windows.forEach(window -> names.add(window.name));
        return names;
    }

    private static final class Window {
        final String name;
        final long from;
        volatile long to = Long.MAX_VALUE;

        Window(String name, long from) {
            this.name = name;
            this.from = from;
        }
    }
}
