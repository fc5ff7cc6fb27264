package dev.vspec.projections;

import dev.vspec.projections.runtime.Projection;
import java.util.Comparator;
import java.util.List;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ClassPathBeanDefinitionScanner;
import org.springframework.core.type.filter.AssignableTypeFilter;

/** Every projection this code has, found as the deployable finds them, for tools that run outside it. */
public final class AllProjections {

    private AllProjections() {
    }

    /** The projections, in name order. */
    public static List<Projection> load() {
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
            ClassPathBeanDefinitionScanner scanner = new ClassPathBeanDefinitionScanner(context, false);
            scanner.addIncludeFilter(new AssignableTypeFilter(Projection.class));
            scanner.scan(AllProjections.class.getPackageName());
            context.refresh();
            return context.getBeansOfType(Projection.class).values().stream()
                    .sorted(Comparator.comparing(Projection::name)).toList();
        }
    }
}
