package dev.vspec.command.webhooks;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/** The webhook routes' collaborators, for the command side's web slices. */
@TestConfiguration(proxyBeanMethods = false)
@Import(WebhookRoutesConfiguration.class)
public class WebhookRoutesSlice {}
