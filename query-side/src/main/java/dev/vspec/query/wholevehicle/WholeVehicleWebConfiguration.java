package dev.vspec.query.wholevehicle;

import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.json.JsonMapper;

@Configuration(proxyBeanMethods = false)
class WholeVehicleWebConfiguration implements WebMvcConfigurer {

    private final JsonMapper mapper;

    WholeVehicleWebConfiguration(JsonMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void configureMessageConverters(HttpMessageConverters.ServerBuilder converters) {
        converters.addCustomConverter(new VehicleResponseConverter(mapper));
    }
}
