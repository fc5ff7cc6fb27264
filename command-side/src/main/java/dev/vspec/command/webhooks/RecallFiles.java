package dev.vspec.command.webhooks;

import static dev.vspec.storage.jooq.webhooks.Tables.RECALL_FILE;

import dev.vspec.contracts.recalls.RecallSource;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/**
 * The recalls files the recall notifier met ({@code webhooks.recall_file}), each with the date a campaign of it must
 * be reported after to be news ({@link #announceAfter(LocalDate, LocalDate)}). Written once per file, by the first of its
 * events, and remembered: a file's answer never changes.
 */
class RecallFiles {

    /** How far back before a file's data date its campaigns can be news. */
    static final int NEWS_DAYS = 31;

    private final DSLContext db;
    private final Map<String, Optional<LocalDate>> known = new ConcurrentHashMap<>();

    RecallFiles(DSLContext db) {
        this.db = db;
    }

    /** The date a campaign of this file must be reported after to be news; empty for the first file met. */
    Optional<LocalDate> announceAfter(RecallSource source) {
        Optional<LocalDate> after = known.get(source.sha256());
        if (after == null) {
            after = read(source);
            known.put(source.sha256(), after);
        }
        return after;
    }

    private Optional<LocalDate> read(RecallSource source) {
        LocalDate newestBefore = db.select(DSL.max(RECALL_FILE.DATA_DATE))
                .from(RECALL_FILE)
                .where(RECALL_FILE.SHA256.ne(source.sha256()))
                .fetchOne()
                .value1();
        db.insertInto(RECALL_FILE)
                .set(RECALL_FILE.SHA256, source.sha256())
                .set(RECALL_FILE.DATA_DATE, source.dataDate())
                .set(RECALL_FILE.ANNOUNCE_AFTER, announceAfter(newestBefore, source.dataDate()))
                .onConflictDoNothing()
                .execute();
        return Optional.ofNullable(db.select(RECALL_FILE.ANNOUNCE_AFTER)
                .from(RECALL_FILE)
                .where(RECALL_FILE.SHA256.eq(source.sha256()))
                .fetchOne(RECALL_FILE.ANNOUNCE_AFTER));
    }

    /**
     * After the newest data date held before, and never more than {@value #NEWS_DAYS} days before the file's own: a
     * file far newer than what was held (the second of a first import's two files, or a refresh after months) tells
     * its last month's campaigns, not its years'. Null, nothing is news, when no file was held before.
     */
    static LocalDate announceAfter(LocalDate newestBefore, LocalDate dataDate) {
        if (newestBefore == null) {
            return null;
        }
        if (dataDate == null) {
            return newestBefore;
        }
        LocalDate window = dataDate.minusDays(NEWS_DAYS);
        return window.isAfter(newestBefore) ? window : newestBefore;
    }
}
