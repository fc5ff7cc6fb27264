package dev.vspec.harness.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** What the load's clients saw, counted per fault window and kind of answer, with every wrong answer named. */
final class Observations {

    private static final int PROBLEMS_KEPT = 30;

    private final Map<String, Map<String, LongAdder>> counts = new ConcurrentHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final AtomicLong problemCount = new AtomicLong();

    void record(String window, Reply reply, String problem) {
        counts.computeIfAbsent(window, w -> new ConcurrentSkipListMap<>())
                .computeIfAbsent(reply.category(), c -> new LongAdder())
                .increment();
        if (problem != null) {
            problem(window + ": " + problem);
        }
    }

    /** A wrong answer, or a broken promise (a job that never ended, ...). */
    void problem(String description) {
        problemCount.incrementAndGet();
        synchronized (problems) {
            if (problems.size() < PROBLEMS_KEPT) {
                problems.add(description);
            }
        }
    }

    /** Answers per window and category. */
    Map<String, Map<String, Long>> counts() {
        Map<String, Map<String, Long>> copy = new ConcurrentSkipListMap<>();
        counts.forEach((window, byCategory) -> {
            Map<String, Long> categories = new ConcurrentSkipListMap<>();
            byCategory.forEach((category, count) -> categories.put(category, count.sum()));
            copy.put(window, categories);
        });
        return copy;
    }

    List<String> problems() {
        synchronized (problems) {
            return List.copyOf(problems);
        }
    }

    long problemCount() {
        return problemCount.get();
    }
}
