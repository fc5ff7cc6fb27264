package dev.vspec.testing;

import java.util.ArrayList;
import java.util.List;
import org.apache.catalina.Container;
import org.apache.catalina.Context;
import org.apache.catalina.Valve;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * What wraps a request in a running deployable, in the order the request meets it, as its Tomcat and its dispatcher
 * hold it (not as any configuration says): the valves, the servlet filters, the interceptors a request of
 * {@code method} and {@code path} passes, the argument resolvers and the exception resolvers, each by class name.
 * The tests of each deployable's request chain compare it with what the chain declares.
 */
public record ServedChain(
        List<String> valves,
        List<Filter> filters,
        List<String> interceptors,
        List<String> argumentResolvers,
        List<String> exceptionResolvers) {

    /** Added by Tomcat's WebSocket support after every filter Spring registers. */
    private static final String TOMCAT_WEBSOCKET = "Tomcat WebSocket (JSR356) Filter";

    /** A filter as Tomcat maps it. */
    public record Filter(String name, List<String> urlPatterns, List<String> dispatcherTypes, String className) {

        @Override
        public String toString() {
            return name + " " + urlPatterns + " " + dispatcherTypes + " " + className;
        }
    }

    public static ServedChain of(ApplicationContext context, String method, String path) {
        Tomcat tomcat = ((TomcatWebServer) ((WebServerApplicationContext) context).getWebServer()).getTomcat();
        Context web = (Context) tomcat.getHost().findChildren()[0];
        return new ServedChain(
                valves(tomcat, web),
                filters(web),
                interceptors(context, method, path),
                context.getBean(RequestMappingHandlerAdapter.class).getArgumentResolvers().stream()
                        .map(resolver -> resolver.getClass().getName())
                        .toList(),
                exceptionResolvers(context));
    }

    /** The filters' names, without the one Tomcat adds itself. */
    public List<String> filterNames() {
        return filters.stream()
                .map(Filter::name)
                .filter(name -> !name.equals(TOMCAT_WEBSOCKET))
                .toList();
    }

    private static List<String> valves(Tomcat tomcat, Context web) {
        List<String> valves = new ArrayList<>();
        for (Container container : new Container[] {tomcat.getEngine(), tomcat.getHost(), web}) {
            for (Valve valve : container.getPipeline().getValves()) {
                valves.add(valve.getClass().getName());
            }
        }
        return valves;
    }

    private static List<Filter> filters(Context web) {
        List<Filter> filters = new ArrayList<>();
        for (FilterMap map : web.findFilterMaps()) {
            filters.add(new Filter(
                    map.getFilterName(),
                    List.of(map.getURLPatterns()),
                    List.of(map.getDispatcherNames()),
                    web.findFilterDef(map.getFilterName()).getFilterClass()));
        }
        return filters;
    }

    /** Those of the first handler mapping that has a handler for the request, as the dispatcher asks them. */
    private static List<String> interceptors(ApplicationContext context, String method, String path) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        request.setServletPath(path);
        request.setContentType("application/json"); // what a write's handler consumes
        List<HandlerMapping> mappings = new ArrayList<>(
                BeanFactoryUtils.beansOfTypeIncludingAncestors(context, HandlerMapping.class, true, false)
                        .values());
        AnnotationAwareOrderComparator.sort(mappings);
        for (HandlerMapping mapping : mappings) {
            HandlerExecutionChain chain;
            try {
                chain = mapping.getHandler(request);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            if (chain != null) {
                return chain.getInterceptorList().stream()
                        .map(interceptor -> interceptor.getClass().getName())
                        .toList();
            }
        }
        return List.of();
    }

    /** As the dispatcher finds them: every bean of the type, in their order. */
    private static List<String> exceptionResolvers(ApplicationContext context) {
        List<HandlerExceptionResolver> resolvers = new ArrayList<>(
                BeanFactoryUtils.beansOfTypeIncludingAncestors(context, HandlerExceptionResolver.class, true, false)
                        .values());
        AnnotationAwareOrderComparator.sort(resolvers);
        return resolvers.stream().map(resolver -> resolver.getClass().getName()).toList();
    }

    /** Every part, one a line, under its heading. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        section(text, "valves", valves);
        section(text, "filters", filters);
        section(text, "interceptors", interceptors);
        section(text, "argument resolvers", argumentResolvers);
        section(text, "exception resolvers", exceptionResolvers);
        return text.toString();
    }

    private static void section(StringBuilder text, String heading, List<?> lines) {
        text.append(heading).append(":\n");
        lines.forEach(line -> text.append("  ").append(line).append('\n'));
    }
}
