package dev.vspec.platform.web;

import jakarta.servlet.Filter;
import java.util.List;
import org.springframework.beans.BeanWrapper;
import org.springframework.beans.BeansException;
import org.springframework.beans.PropertyAccessorFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;

/**
 * A deployable's servlet filters in the order a request meets them, outermost first, named by their beans: a filter's
 * registration (or a filter of Spring Boot's own, which Boot registers itself) takes the order of its place in the
 * list, so the list alone decides it. Each deployable declares its one chain ({@code static @Bean}, as post-processors
 * are) in a configuration class of its own beside what else wraps its requests; a name no bean has is passed over (a
 * test slice lacks Boot's observation filter, say). Tomcat's valves run before every filter, whatever the list says.
 */
public final class RequestChain implements BeanPostProcessor, BeanFactoryAware {

    // Spring Boot's own filters, by their beans' names
    public static final String CHARACTER_ENCODING = "characterEncodingFilter";
    public static final String OBSERVATION = "webMvcObservationFilter";
    public static final String REQUEST_CONTEXT = "requestContextFilter";

    private final List<String> filters;

    private RequestChain(List<String> filters) {
        this.filters = filters;
    }

    /** The filters, by bean name, in the order a request meets them. */
    public static RequestChain outermostFirst(String... filters) {
        return new RequestChain(List.of(filters));
    }

    public List<String> filters() {
        return filters;
    }

    /** A filter's registration on these URL patterns (every request's when none), its order left to the chain. */
    public static <F extends Filter> FilterRegistrationBean<F> registration(F filter, String... urlPatterns) {
        FilterRegistrationBean<F> registration = new FilterRegistrationBean<>(filter);
        registration.addUrlPatterns(urlPatterns);
        return registration;
    }

    /** @throws IllegalStateException when the context holds another chain: two would each order the filters */
    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        String[] chains = ((ListableBeanFactory) beanFactory).getBeanNamesForType(RequestChain.class, false, false);
        if (chains.length > 1) {
            throw new IllegalStateException("One request chain per deployable, not " + List.of(chains));
        }
    }

    /** @throws IllegalStateException when a bean the chain names has no order to set */
    @Override
    public Object postProcessAfterInitialization(Object bean, String name) throws BeansException {
        int position = filters.indexOf(name);
        if (position >= 0) {
            BeanWrapper ordered = PropertyAccessorFactory.forBeanPropertyAccess(bean);
            if (!ordered.isWritableProperty("order")) {
                throw new IllegalStateException("The request chain places '" + name + "', which takes no order");
            }
            ordered.setPropertyValue("order", Ordered.HIGHEST_PRECEDENCE + position);
        }
        return bean;
    }
}
