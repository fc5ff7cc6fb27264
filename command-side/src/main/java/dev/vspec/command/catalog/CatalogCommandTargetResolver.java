package dev.vspec.command.catalog;

import dev.vspec.contracts.catalog.CatalogCommand;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.axonframework.modelling.command.VersionedAggregateIdentifier;
import org.springframework.stereotype.Component;

/**
 * Finds the aggregate a catalog command is for through {@link CatalogCommand#targetAggregateId()}:
 * the commands live in {@code contracts}, which knows nothing of Axon's {@code @TargetAggregateIdentifier}.
 */
@Component(CatalogCommandTargetResolver.BEAN_NAME)
class CatalogCommandTargetResolver implements CommandTargetResolver {

    static final String BEAN_NAME = "catalogCommandTargetResolver";

    @Override
    public VersionedAggregateIdentifier resolveTarget(CommandMessage<?> command) {
        if (!(command.getPayload() instanceof CatalogCommand catalogCommand)) {
            throw new IllegalArgumentException(command.getCommandName() + " is not a catalog command");
        }
        String id = catalogCommand.targetAggregateId();
        if (id == null || id.isBlank()) {
            throw new ApiException(ErrorCode.INVALID_PARAM,
                    command.getPayloadType().getSimpleName() + " names no config_key or VIN");
        }
        return new VersionedAggregateIdentifier(id, null);
    }
}
