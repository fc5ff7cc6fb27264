package dev.vspec.projections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vspec.projections.runtime.Projection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;

class AllProjectionsTest {

    @Test
    void everyProjectionClassIsListed() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AssignableTypeFilter(Projection.class));
        List<String> found = scanner.findCandidateComponents(AllProjections.class.getPackageName()).stream()
                .map(BeanDefinition::getBeanClassName)
                .toList();

        assertThat(found).hasSizeGreaterThanOrEqualTo(11);
        assertThat(AllProjections.list())
                .map(projection -> projection.getClass().getName())
                .containsExactlyInAnyOrderElementsOf(found);
    }

    @Test
    void theProjectionsAreListedInNameOrder() {
        List<String> names =
                AllProjections.list().stream().map(Projection::name).toList();

        assertThat(names).isSorted().doesNotHaveDuplicates();
    }
}
