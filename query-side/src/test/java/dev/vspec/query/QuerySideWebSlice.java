package dev.vspec.query;

import dev.vspec.decoding.DecoderSource;
import dev.vspec.query.lookup.DecodedMatches;
import dev.vspec.query.lookup.VehicleResolver;
import dev.vspec.testing.KeyedWebSlice;
import dev.vspec.testing.database.NoDatabase;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.stereotype.Component;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * What every query-side web slice starts from, one Spring context for all of them: the query side's handlers,
 * interceptors, filters and read components, web-platform's error records and access filter ({@link KeyedWebSlice}), and
 * mocks wherever a request would read PostgreSQL or vPIC: the {@link VehicleResolver} (stubbed per test), the decoded
 * matches and the vPIC release. Every other read fails the test ({@link NoDatabase}): the rules checked here are
 * decided before any read.
 */
@WebMvcTest(
        properties = "spring.config.name=query-side",
        includeFilters = @ComponentScan.Filter(type = FilterType.CUSTOM, classes = QuerySideWebSlice.Components.class))
public abstract class QuerySideWebSlice extends KeyedWebSlice {

    @MockitoBean
    protected VehicleResolver vehicles;

    @MockitoBean
    DecodedMatches decodedMatches;

    @MockitoBean
    protected DecoderSource decoders;

    /**
     * The query side's own components (the reads behind the handlers), which a web slice leaves out; its
     * configurations stay out, as does every other module's component (the sandbox scans its own too).
     */
    public static final class Components implements TypeFilter {

        @Override
        public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
            return reader.getClassMetadata().getClassName().startsWith("dev.vspec.query.")
                    && reader.getAnnotationMetadata().hasAnnotation(Component.class.getName());
        }
    }
}
