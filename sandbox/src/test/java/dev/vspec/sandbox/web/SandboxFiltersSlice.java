package dev.vspec.sandbox.web;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/** The sandbox's request chain and error decoration, for its web slices. */
@TestConfiguration(proxyBeanMethods = false)
@Import({SandboxWebConfiguration.class, SandboxRequestChain.class})
public class SandboxFiltersSlice {}
