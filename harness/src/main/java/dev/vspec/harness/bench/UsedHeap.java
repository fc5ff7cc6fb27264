package dev.vspec.harness.bench;

import java.lang.management.ManagementFactory;

/**
 * Used heap after full collections, once it stops shrinking: what is reachable. The difference between two such
 * readings, with and without a structure held, is the heap that structure keeps (its retained size).
 */
final class UsedHeap {

    private UsedHeap() {}

    static long afterGc() {
        long previous = Long.MAX_VALUE;
        long used = 0;
        for (int i = 0; i < 10; i++) {
            System.gc();
            used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (used >= previous - (previous >> 10)) {
                break;
            }
            previous = used;
        }
        return used;
    }
}
