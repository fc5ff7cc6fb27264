package dev.vspec.sandbox;

import dev.vspec.projections.AllProjections;
import dev.vspec.projections.runtime.Projection;
import dev.vspec.query.QuerySideApplication;
import dev.vspec.query.QuerySideRequestChain;
import dev.vspec.query.decode.EveryVinDecodes;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * The keyless, read-only sandbox: the query side's read code (its controllers, resolver and
 * caching) over schema {@code sample}, which the projections' own handlers fill from a fixed
 * reference event stream at start. Its own filters add per-address limits, CORS for the site alone,
 * read-only answers and the {@code /api/sample} prefix. Its scans leave out what a test slice
 * excludes ({@link TypeExcludeFilter}), as {@code @SpringBootApplication}'s does.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@ComponentScan(
        basePackages = "dev.vspec.sandbox",
        excludeFilters = @ComponentScan.Filter(type = FilterType.CUSTOM, classes = TypeExcludeFilter.class))
@ComponentScan(
        basePackages = "dev.vspec.query",
        excludeFilters = {
            @ComponentScan.Filter(type = FilterType.CUSTOM, classes = TypeExcludeFilter.class),
            @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = QuerySideApplication.class),
            // the sandbox's own chain wraps its requests (SandboxRequestChain)
            @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = QuerySideRequestChain.class),
            // the sandbox decodes its sample VINs alone (SampleVinsDecode)
            @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = EveryVinDecodes.class)
        })
public class SandboxApplication {

    /** The projections' handlers, which build schema {@code sample} ({@code SampleSchema}). */
    @Bean
    List<Projection> projections() {
        return AllProjections.list();
    }

    public static SpringApplicationBuilder application() {
        return new SpringApplicationBuilder(SandboxApplication.class).properties("spring.config.name=sandbox");
    }

    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        application().run(args);
    }
}
