package dev.vspec.query.configs;

import dev.vspec.contracts.error.ConfigMatch;
import java.util.List;

/** {@code {"configs": [{config_key, label}, ...]}}, ordered by label, then key. */
record ConfigsResponse(List<ConfigMatch> configs) {}
