package dev.vspec.decoder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A release's elements (attribute kinds), held by id, and the unit conversions between them. */
final class ElementRows {

    private Element[] elements = new Element[0];
    private final List<Conversion> conversions = new ArrayList<>();

    void element(Element element) {
        int id = element.id();
        if (id < 0 || id > 4096) {
            throw new IllegalArgumentException("element id " + id + " is out of range");
        }
        if (id >= elements.length) {
            elements = Arrays.copyOf(elements, id + 1);
        }
        elements[id] = element;
    }

    void conversion(int id, int fromElementId, int toElementId, String formula) {
        conversions.add(new Conversion(id, fromElementId, toElementId, formula));
    }

    /** The elements at their ids' places; null where an id names none. */
    Element[] elements() {
        return elements;
    }

    List<Conversion> conversions() {
        return List.copyOf(conversions);
    }
}
