package dev.vspec.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.context.request.ServletWebRequest;

class TextParametersTest {

    private final TextParameters resolver = new TextParameters();

    @SuppressWarnings("unused")
    void route(
            @RequestParam(name = "config_key") String configKey,
            @RequestParam(required = false) String include,
            @RequestParam(name = "limit", defaultValue = "100") String limit,
            @RequestParam("year") Integer year,
            String plain) {}

    @Test
    void takesTextQueryParametersAndLeavesTheRestToSpring() throws Exception {
        assertThat(resolver.supportsParameter(parameter(0))).isTrue();
        assertThat(resolver.supportsParameter(parameter(1)))
                .as("named after the method parameter")
                .isTrue();
        assertThat(resolver.supportsParameter(parameter(2))).isTrue();
        assertThat(resolver.supportsParameter(parameter(3))).as("not text").isFalse();
        assertThat(resolver.supportsParameter(parameter(4)))
                .as("no @RequestParam")
                .isFalse();
    }

    @Test
    void readsAsSpringDoesJoiningRepeatedValuesAndFallingBackToTheDefault() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest();
        request.addParameter("config_key", "2019-honda-civic-lx-k20c2-fwd");
        request.addParameter("include", "fluids");
        request.addParameter("include", "specs,tires");
        request.addParameter("limit", "");

        assertThat(resolve(0, request)).isEqualTo("2019-honda-civic-lx-k20c2-fwd");
        assertThat(resolve(1, request)).isEqualTo("fluids,specs,tires");
        assertThat(resolve(2, request)).as("empty, with a default").isEqualTo("100");
        assertThat(resolve(2, new MockHttpServletRequest()))
                .as("absent, with a default")
                .isEqualTo("100");
        assertThat(resolve(1, new MockHttpServletRequest()))
                .as("absent, optional")
                .isNull();
    }

    @Test
    void aRequiredParameterThatIsAbsentIsSpringsMissingParameter() throws Exception {
        assertThatThrownBy(() -> resolve(0, new MockHttpServletRequest()))
                .isInstanceOfSatisfying(
                        MissingServletRequestParameterException.class,
                        e -> assertThat(e.getParameterName()).isEqualTo("config_key"));
    }

    private Object resolve(int index, MockHttpServletRequest request) throws Exception {
        return resolver.resolveArgument(parameter(index), null, new ServletWebRequest(request), null);
    }

    private static MethodParameter parameter(int index) throws NoSuchMethodException {
        Method route = TextParametersTest.class.getDeclaredMethod(
                "route", String.class, String.class, String.class, Integer.class, String.class);
        MethodParameter parameter = new MethodParameter(route, index);
        parameter.initParameterNameDiscovery(new DefaultParameterNameDiscoverer());
        return parameter;
    }
}
