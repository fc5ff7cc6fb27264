package dev.vspec.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A GET route that answers several items in one request: each comma-separated value of {@code parameter}
 * (the parameter may repeat) counts as one read against the key's monthly quota, up to {@code max}; a
 * request naming none or more than {@code max} counts one (the route refuses it, and a refused read is
 * given back).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface CountsReads {
    String parameter();

    int max();
}
