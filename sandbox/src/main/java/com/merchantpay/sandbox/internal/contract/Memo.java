package com.merchantpay.sandbox.internal.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Answers worked out from nothing but their key, kept for the most recent {@code capacity} keys.
 * For work whose result the key decides completely, such as checking a bodiless request against the
 * contract or rendering a resource that has not changed since: a client polling one payment gets
 * the same answer at the cost of a lookup, and any other request is worked out in full.
 */
public final class Memo<K, V> {
  private final int capacity;
  private final Map<K, V> entries;

  public Memo(int capacity) {
    this.capacity = capacity;
    this.entries = new LinkedHashMap<>(capacity * 4 / 3 + 1, 0.75f, true);
  }

  /**
   * The answer for the key, worked out by {@code work} when it is not kept (outside the memo's
   * lock).
   */
  public V get(K key, Function<K, V> work) {
    synchronized (entries) {
      V kept = entries.get(key);
      if (kept != null) {
        return kept;
      }
    }
    V value = work.apply(key);
    synchronized (entries) {
      entries.put(key, value);
      if (entries.size() > capacity) {
        entries.remove(entries.keySet().iterator().next());
      }
    }
    return value;
  }

  public void clear() {
    synchronized (entries) {
      entries.clear();
    }
  }
}
