package dev.vspec.query.binding;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The query parameters a handler reads as a list, so they may be given more than once; every other one is refused when repeated. */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface RepeatableParameters {

    String[] value();
}
