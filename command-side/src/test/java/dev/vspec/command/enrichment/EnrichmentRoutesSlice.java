package dev.vspec.command.enrichment;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/** The enrichment route's collaborators, for the command side's web slices. */
@TestConfiguration(proxyBeanMethods = false)
@Import(EnrichmentRoutesConfiguration.class)
public class EnrichmentRoutesSlice {}
