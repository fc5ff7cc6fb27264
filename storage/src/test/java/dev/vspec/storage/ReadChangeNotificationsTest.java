package dev.vspec.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The channel and payload the code names are those the migration's trigger function writes (a migration is never edited). */
class ReadChangeNotificationsTest {

    private static final Pattern NOTIFY = Pattern.compile("pg_notify\\('([^']*)', ([^)]*)\\)");

    @Test
    void theTriggersNotifyOnTheChannelTheCodeListensOnAndEmptyingATableNotifiesAll() throws IOException {
        String v8 = migration("V8__read_change_notifications.sql");

        assertThat(NOTIFY.matcher(v8).results().map(match -> match.group(1)))
                .hasSize(3)
                .containsOnly(ReadChangeNotifications.CHANNEL);
        assertThat(NOTIFY.matcher(v8).results().map(MatchResult::group))
                .contains(
                        "pg_notify('" + ReadChangeNotifications.CHANNEL + "', '" + ReadChangeNotifications.ALL + "')");
    }

    private static String migration(String name) throws IOException {
        try (InputStream in = ReadChangeNotificationsTest.class.getResourceAsStream("/db/migration/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
