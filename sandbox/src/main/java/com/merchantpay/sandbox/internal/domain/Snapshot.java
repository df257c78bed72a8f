package com.merchantpay.sandbox.internal.domain;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;

/**
 * The changeable fields of one resource as they were before a change touched it, to be put back
 * when the change fails. Read from the class itself, so a field added later is covered without
 * anyone remembering to; it works because a resource's changeable fields hold values that are
 * replaced, never changed in place.
 */
final class Snapshot {
  private static final ClassValue<Field[]> CHANGEABLE =
      new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
          return Arrays.stream(type.getDeclaredFields())
              .filter(
                  field ->
                      !Modifier.isStatic(field.getModifiers())
                          && !Modifier.isFinal(field.getModifiers()))
              .toArray(Field[]::new);
        }
      };

  private final Object resource;
  private final Object[] values;

  private Snapshot(Object resource, Object[] values) {
    this.resource = resource;
    this.values = values;
  }

  static Snapshot of(Object resource) {
    Field[] fields = CHANGEABLE.get(resource.getClass());
    Object[] values = new Object[fields.length];
    try {
      for (int i = 0; i < fields.length; i++) {
        values[i] = fields[i].get(resource);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(
          "a resource's fields must be readable within the domain package", e);
    }
    return new Snapshot(resource, values);
  }

  /** The fields a snapshot of this kind of resource keeps. */
  static Field[] changeableFields(Class<?> type) {
    return CHANGEABLE.get(type).clone();
  }

  Object resource() {
    return resource;
  }

  void restore() {
    Field[] fields = CHANGEABLE.get(resource.getClass());
    try {
      for (int i = 0; i < fields.length; i++) {
        fields[i].set(resource, values[i]);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(
          "a resource's fields must be writable within the domain package", e);
    }
  }
}
