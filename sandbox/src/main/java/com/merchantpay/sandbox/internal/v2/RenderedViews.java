package com.merchantpay.sandbox.internal.v2;

import java.util.function.Function;

/**
 * The rendered answers of resources, each kept with the version of the resource it shows, in a
 * fixed number of slots chosen by the resource's id: a client polling a payment gets bytes rendered
 * once per change. A resource whose slot another took is rendered again. No lock and no
 * bookkeeping: a slot holds an immutable record, so a reader sees a whole one, old or new.
 */
final class RenderedViews<T> {
  private record Rendered(Object resource, long version, byte[] json) {}

  private final Rendered[] slots;

  /**
   * @param capacity the number of slots, a power of two
   */
  RenderedViews(int capacity) {
    if (Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("capacity must be a power of two, was " + capacity);
    }
    this.slots = new Rendered[capacity];
  }

  /** The answer showing {@code resource} at {@code version}, rendered when not kept. */
  byte[] get(T resource, String id, long version, Function<T, byte[]> render) {
    int slot = id.hashCode() & (slots.length - 1);
    Rendered kept = slots[slot];
    if (kept != null && kept.resource() == resource && kept.version() == version) {
      return kept.json();
    }
    byte[] json = render.apply(resource);
    slots[slot] = new Rendered(resource, version, json);
    return json;
  }
}
