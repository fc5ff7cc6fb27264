package dev.vspec.command.recalls;

import java.util.Arrays;

/**
 * The rows of one campaign's run met so far, as 64-bit hashes of their bytes after {@code RECORD_ID}, in one
 * open-addressing table of longs kept at most 80% full, emptied when the next campaign's rows begin
 * ({@link #forgetAll}): memory is bounded by the longest run, not the file. Two different rows of a run share a hash
 * with odds near n²/2⁶⁵; such a row would count as repeated.
 */
final class RepeatedRows {

    private static final long EMPTY = 0;
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private static final int FIRST_SIZE = 1 << 6;

    private long[] slots = new long[FIRST_SIZE];
    private int size;

    /** Forgets every row: the table a long run grew is given back. */
    void forgetAll() {
        if (size == 0) {
            return;
        }
        if (slots.length > FIRST_SIZE) {
            slots = new long[FIRST_SIZE];
        } else {
            Arrays.fill(slots, EMPTY);
        }
        size = 0;
    }

    /** Records the row; true when an equal row was recorded before. */
    boolean seenBefore(byte[] row, int from, int to) {
        return !add(hash(row, from, to));
    }

    private boolean add(long hash) {
        int mask = slots.length - 1;
        int at = (int) hash & mask;
        while (slots[at] != EMPTY) {
            if (slots[at] == hash) {
                return false;
            }
            at = (at + 1) & mask;
        }
        slots[at] = hash;
        if (++size * 5L > slots.length * 4L) {
            grow();
        }
        return true;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        size = 0;
        for (long hash : old) {
            if (hash != EMPTY) {
                add(hash);
            }
        }
    }

    /** FNV-1a, then MurmurHash3's finalizer so that the low bits, which pick the slot, depend on every byte. */
    static long hash(byte[] bytes, int from, int to) {
        long hash = FNV_OFFSET;
        for (int i = from; i < to; i++) {
            hash = (hash ^ (bytes[i] & 0xff)) * FNV_PRIME;
        }
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        hash ^= hash >>> 33;
        return hash == EMPTY ? 1 : hash;
    }
}
