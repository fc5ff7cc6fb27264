package dev.vspec.command.catalog;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Imports the sample catalog when the event store holds no configuration yet
 * ({@code vspec.catalog.sample-on-first-start}, env {@code VSPEC_SAMPLE_ON_FIRST_START}). An
 * advisory lock keeps two command-side nodes starting together from importing side by side.
 */
@Component
@ConditionalOnBooleanProperty("vspec.catalog.sample-on-first-start")
public class SampleCatalogOnFirstStart implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(SampleCatalogOnFirstStart.class);
    private static final long LOCK_KEY = 0x7653_7065_6353_414DL;

    private final CatalogImporter importer;
    private final JdbcTemplate jdbc;
    private volatile boolean imported;

    SampleCatalogOnFirstStart(CatalogImporter importer, DataSource dataSource) {
        this.importer = importer;
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** True when this start found the event store empty and imported the sample catalog. */
    public boolean imported() {
        return imported;
    }

    @Override
    public void run(ApplicationArguments args) {
        jdbc.execute((ConnectionCallback<Void>) connection -> {
            try (PreparedStatement lock = connection.prepareStatement("select pg_advisory_lock(?)")) {
                lock.setLong(1, LOCK_KEY);
                lock.execute();
            }
            try {
                if (holdsNoConfiguration(connection)) {
                    importer.importCatalog(new DefaultResourceLoader().getResource(CatalogImporter.SAMPLE_CATALOG));
                    imported = true;
                } else {
                    log.info("The event store already holds configurations; the sample catalog is not imported");
                }
            } finally {
                try (PreparedStatement unlock = connection.prepareStatement("select pg_advisory_unlock(?)")) {
                    unlock.setLong(1, LOCK_KEY);
                    unlock.execute();
                }
            }
            return null;
        });
    }

    private static boolean holdsNoConfiguration(java.sql.Connection connection) throws java.sql.SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "select exists (select 1 from events.domainevententry where payloadtype = ?)")) {
            query.setString(1, dev.vspec.contracts.catalog.ConfigurationRegistered.class.getName());
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return !rows.getBoolean(1);
            }
        }
    }
}
