package dev.vspec.platform.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointWebExtension;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.ExceptionHandlerExceptionResolver;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import tools.jackson.databind.ObjectMapper;

/**
 * The error record, request ids, the request log, JSON error pages, what every request's
 * Content-Type and query string must be before anything else reads them, and health on the public
 * port, for every vspec deployable that serves HTTP. Its filters take their places in each deployable's
 * {@link RequestChain}, by these names. Ordered after the health endpoint's configuration:
 * public health answers with its web extension, and only where there is one.
 */
@AutoConfiguration(
        beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration",
        afterName = "org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import({ApiExceptionHandler.class, JsonErrorController.class})
public class ApiWebAutoConfiguration {

    /** First of all: every answer and log line of the request carries its id. */
    public static final String REQUEST_IDS = "requestIdFilter";
    /** Before Spring's filters that wrap the request (observation): they fail on a Content-Type they cannot parse. */
    public static final String CONCRETE_CONTENT_TYPES = "concreteContentTypesFilter";

    public static final String REQUEST_LOG = "requestLogFilter";
    /**
     * After the request log, so that a refusal is logged (and after CORS, so that a page can read it); before the
     * access filter, so that a key sent in a query string is refused unread.
     */
    public static final String STRICT_QUERY_STRINGS = "strictQueryStringsFilter";

    /**
     * A deployable's own decoration (the sandbox's adds what is available), else {@code object} and the
     * docs link: every error record says where it is explained, whichever deployable answers it.
     */
    @Bean
    ApiErrorResponses apiErrorResponses(
            ObjectMapper mapper,
            ObjectProvider<ErrorDecoration> decoration,
            ObjectProvider<MeterRegistry> meters,
            @Value("${vspec.site.url}") String siteUrl) {
        return new ApiErrorResponses(
                mapper,
                decoration.getIfAvailable(() -> ErrorDecoration.docsAt(siteUrl)),
                meters.getIfAvailable(SimpleMeterRegistry::new));
    }

    /**
     * {@link ApiExceptionHandler} answers the failures of every handler: by default Spring applies it to
     * controllers' methods alone, leaving a view controller's, a static resource's or a router function's
     * (the gateway's routes) to its default resolver, which logs a warning and answers a bare status.
     */
    @Bean
    WebMvcConfigurer adviceForEveryHandler() {
        return new WebMvcConfigurer() {
            @Override
            public void extendHandlerExceptionResolvers(List<HandlerExceptionResolver> resolvers) {
                for (HandlerExceptionResolver resolver : resolvers) {
                    if (resolver instanceof ExceptionHandlerExceptionResolver advice) {
                        advice.setMappedHandlerPredicate(handler -> true);
                    }
                }
            }
        };
    }

    /** {@link TextParameters} ahead of Spring's own resolvers, which would take those arguments first. */
    @Bean
    static BeanPostProcessor textParametersFirst() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof RequestMappingHandlerAdapter adapter && adapter.getArgumentResolvers() != null) {
                    List<HandlerMethodArgumentResolver> resolvers = new ArrayList<>();
                    resolvers.add(new TextParameters());
                    resolvers.addAll(adapter.getArgumentResolvers());
                    adapter.setArgumentResolvers(resolvers);
                }
                return bean;
            }
        };
    }

    @Bean(REQUEST_IDS)
    FilterRegistrationBean<RequestIds> requestIdFilter() {
        return new FilterRegistrationBean<>(new RequestIds());
    }

    @Bean(CONCRETE_CONTENT_TYPES)
    FilterRegistrationBean<ConcreteContentTypes> concreteContentTypesFilter(ApiErrorResponses errors) {
        return new FilterRegistrationBean<>(new ConcreteContentTypes(errors));
    }

    @Bean(STRICT_QUERY_STRINGS)
    FilterRegistrationBean<StrictQueryStrings> strictQueryStringsFilter(ApiErrorResponses errors) {
        return new FilterRegistrationBean<>(new StrictQueryStrings(errors));
    }

    @Bean(REQUEST_LOG)
    FilterRegistrationBean<RequestLog> requestLogFilter() {
        return new FilterRegistrationBean<>(new RequestLog());
    }

    /** Health on the public port ({@link PublicHealth}) whenever the actuator answers on a management port of its own. */
    @Bean
    @ConditionalOnManagementPort(ManagementPortType.DIFFERENT)
    @ConditionalOnBean(HealthEndpointWebExtension.class)
    PublicHealth publicHealth(HealthEndpointWebExtension health, ApiErrorResponses errors) {
        return new PublicHealth(health, errors);
    }
}
