package dev.vspec.command;

import dev.vspec.contracts.AddressedCommand;
import dev.vspec.contracts.error.ApiException;
import dev.vspec.contracts.error.ErrorCode;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.axonframework.modelling.command.VersionedAggregateIdentifier;
import org.springframework.stereotype.Component;

/**
 * Finds the aggregate a command is for through {@link AddressedCommand#targetAggregateId()}: the
 * commands live in {@code contracts}, which knows nothing of Axon's {@code @TargetAggregateIdentifier}.
 */
@Component(AddressedCommandTargetResolver.BEAN_NAME)
public class AddressedCommandTargetResolver implements CommandTargetResolver {

    public static final String BEAN_NAME = "addressedCommandTargetResolver";

    @Override
    public VersionedAggregateIdentifier resolveTarget(CommandMessage<?> command) {
        if (!(command.getPayload() instanceof AddressedCommand addressed)) {
            throw new IllegalArgumentException(command.getCommandName() + " does not name its aggregate");
        }
        String id = addressed.targetAggregateId();
        if (id == null || id.isBlank()) {
            throw new ApiException(
                    ErrorCode.INVALID_PARAM,
                    command.getPayloadType().getSimpleName() + " names no aggregate (config_key, VIN or job id)");
        }
        return new VersionedAggregateIdentifier(id, null);
    }
}
