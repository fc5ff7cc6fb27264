package dev.vspec.projections.runtime;

/** A rebuild from the event store: the published events, in global order. */
final class EventStoreSource implements RebuildSource {

    private static final int PAGE = 5_000;

    private final StoredEvents store = new StoredEvents();

    @Override
    public String description() {
        return "Reading the event store";
    }

    @Override
    public long open(ShadowCopies copies) {
        return StoredEvents.count(copies.db());
    }

    @Override
    public long fill(ShadowCopies copies, RebuildProgress progress) {
        long read = 0;
        int pages = 0;
        for (StoredEvents.Page page = store.next(copies.db(), PAGE);
                page.stored() > 0;
                page = store.next(copies.db(), PAGE)) {
            copies.apply(page.published());
            read += page.stored();
            progress.read(read);
            copies.analyzeAsTheyGrow(++pages);
        }
        return read;
    }

    /**
     * The consumers go on from their own offsets afterwards, and what they apply again of what the
     * copies hold changes nothing (the handlers are idempotent).
     */
    @Override
    public long catchUp(ShadowCopies copies, RebuildProgress progress) {
        copies.lockOrder().forEach(projection -> ProjectionOffsets.lockAll(copies.db(), projection));
        StoredEvents.Page late = store.readLate(copies.db());
        copies.apply(late.published());
        return late.stored();
    }
}
