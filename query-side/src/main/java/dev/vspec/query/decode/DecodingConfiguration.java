package dev.vspec.query.decode;

import dev.vspec.infra.decoding.DecoderConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The VIN decoder over the installed vPIC release, for {@code /v1/decode}, {@code /v1/wmi} and for resolving VINs no import linked. */
@Configuration(proxyBeanMethods = false)
@Import(DecoderConfiguration.class)
class DecodingConfiguration {
}
