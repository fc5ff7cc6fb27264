package dev.vspec.access;

import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * The budgets every instance shares through PostgreSQL ({@code access.rate_limit_bucket}): the keyed
 * limits of the live API and the per-address limits of the keyless sandbox. A deployable that
 * serves neither (the projections) turns them off with {@code vspec.budgets.enabled=false}.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnBean(DataSource.class)
@ConditionalOnProperty(name = "vspec.budgets.enabled", havingValue = "true", matchIfMissing = true)
public class SharedBudgetsAutoConfiguration {

    /** Bucket rows are kept this long after their bucket would be full again, then purged. */
    private static final Duration KEEP_FULL_BUCKETS = Duration.ofMinutes(1);

    @Bean
    PostgreSQLSelectForUpdateBasedProxyManager<String> rateLimitBuckets(DataSource dataSource) {
        return Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table("access.rate_limit_bucket")
                .idColumn("id")
                .stateColumn("state")
                .expiresAtColumn("expires_at")
                .expirationAfterWrite(
                        ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(KEEP_FULL_BUCKETS))
                .build();
    }

    @Bean
    SharedBudgets sharedBudgets(
            PostgreSQLSelectForUpdateBasedProxyManager<String> rateLimitBuckets, ObjectProvider<MeterRegistry> meters) {
        return new SharedBudgets(rateLimitBuckets, Clock.systemUTC(), meters.getIfAvailable(SimpleMeterRegistry::new));
    }

    @Bean(destroyMethod = "close")
    ExpiredBucketPurge expiredBucketPurge(PostgreSQLSelectForUpdateBasedProxyManager<String> rateLimitBuckets) {
        return ExpiredBucketPurge.start(rateLimitBuckets, Duration.ofMinutes(1));
    }
}
