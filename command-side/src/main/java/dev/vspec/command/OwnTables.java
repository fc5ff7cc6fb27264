package dev.vspec.command;

import javax.sql.DataSource;
import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;

/**
 * The processing of the command side's own tables (schema {@code command}), kept by its events: a subscribing
 * processor, whose handlers run as the command's unit of work appends the events, in that unit's transaction. In the
 * command side, Spring Boot's jOOQ joins that transaction; outside it, {@link #db} does.
 */
public final class OwnTables {

    private OwnTables() {}

    /** Outside Spring's context: statements join the transaction a Spring transaction manager over it holds. */
    public static DSLContext db(DataSource dataSource) {
        return DSL.using(new TransactionAwareDataSourceProxy(dataSource), SQLDialect.POSTGRES);
    }

    /** Outside Spring's context: {@code handler} keeps its table in the group's subscribing processor. */
    public static void keep(EventProcessingConfigurer processing, String group, Object handler) {
        processing.registerEventHandler(c -> handler);
        subscribe(processing, group);
    }

    /**
     * Processes the group's events as they are published, and lets a failure propagate to the command (Axon's
     * default would log it and commit the events without their rows).
     */
    public static void subscribe(EventProcessingConfigurer processing, String group) {
        processing
                .registerSubscribingEventProcessor(group)
                .registerListenerInvocationErrorHandler(group, c -> PropagatingErrorHandler.instance())
                .registerErrorHandler(group, c -> PropagatingErrorHandler.instance());
    }
}
