package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.Filter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.servlet.filter.OrderedCharacterEncodingFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.ServletContextInitializerBeans;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.filter.CommonsRequestLoggingFilter;
import org.springframework.web.filter.ForwardedHeaderFilter;

class RequestChainTest {

    @Test
    void filtersAreRegisteredInTheOrderTheChainNamesThemBootsOwnAmongThem() {
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(Filters.class)) {
            Filter first =
                    context.getBean("first", FilterRegistrationBean.class).getFilter();
            Filter encoding = context.getBean(RequestChain.CHARACTER_ENCODING, Filter.class);
            Filter last = context.getBean("last", FilterRegistrationBean.class).getFilter();

            assertThat(new ServletContextInitializerBeans(context.getBeanFactory()))
                    .map(initializer -> (Filter) ((FilterRegistrationBean<?>) initializer).getFilter())
                    .containsExactly(first, encoding, last);
        }
    }

    @Test
    void aNamedBeanWithoutAnOrderFailsTheStart() {
        assertThatThrownBy(() -> new AnnotationConfigApplicationContext(Unordered.class).close())
                .isInstanceOf(BeanCreationException.class)
                .hasStackTraceContaining("The request chain places 'loose', which takes no order");
    }

    @Test
    void aSecondChainFailsTheStart() {
        assertThatThrownBy(() -> new AnnotationConfigApplicationContext(Filters.class, TwoChains.class).close())
                .hasStackTraceContaining("One request chain per deployable");
    }

    @Configuration(proxyBeanMethods = false)
    static class Filters {

        @Bean
        static RequestChain chain() {
            // Boot's encoding filter, of the highest precedence on its own, goes second
            return RequestChain.outermostFirst("first", RequestChain.CHARACTER_ENCODING, "absent", "last");
        }

        @Bean
        FilterRegistrationBean<ForwardedHeaderFilter> last() {
            return RequestChain.registration(new ForwardedHeaderFilter());
        }

        @Bean(RequestChain.CHARACTER_ENCODING)
        OrderedCharacterEncodingFilter characterEncodingFilter() {
            return new OrderedCharacterEncodingFilter();
        }

        @Bean
        FilterRegistrationBean<CommonsRequestLoggingFilter> first() {
            return RequestChain.registration(new CommonsRequestLoggingFilter(), "/api/*");
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Unordered {

        @Bean
        static RequestChain chain() {
            return RequestChain.outermostFirst("loose");
        }

        @Bean
        Filter loose() {
            return new CommonsRequestLoggingFilter();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class TwoChains {

        @Bean
        static RequestChain another() {
            return RequestChain.outermostFirst("last");
        }
    }
}
