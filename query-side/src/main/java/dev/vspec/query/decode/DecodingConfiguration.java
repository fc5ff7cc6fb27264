package dev.vspec.query.decode;

import dev.vspec.infra.decoding.VinDecoder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The built-in VIN decoder, for {@code /v1/decode} and for resolving VINs that no import linked. */
@Configuration(proxyBeanMethods = false)
class DecodingConfiguration {

    @Bean
    VinDecoder vinDecoder() {
        return VinDecoder.standard();
    }
}
