package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.internal.Constraint.Kind;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a run's negative cases covered of the request constraints our specs state, by kind: the
 * denominator is every constraint of every operation of both specs ({@link
 * RequestConstraints#all()}), the numerator those a case was sent for.
 */
final class NegativeCoverage {
  private final Map<Kind, Set<String>> covered = new EnumMap<>(Kind.class);
  private final AtomicInteger cases = new AtomicInteger();

  /** Notes a case sent for a constraint. */
  void sent(Constraint constraint) {
    cases.incrementAndGet();
    synchronized (covered) {
      covered
          .computeIfAbsent(constraint.kind(), k -> ConcurrentHashMap.newKeySet())
          .add(constraint.key());
    }
  }

  /** How many negative cases were sent. */
  public int cases() {
    return cases.get();
  }

  /**
   * By kind, the constraints covered of those the specs state ({@code 12/14}), kinds in their
   * order.
   */
  public Map<String, String> byKind() {
    Map<Kind, Integer> totals = new EnumMap<>(Kind.class);
    for (Constraint constraint : RequestConstraints.all()) {
      totals.merge(constraint.kind(), 1, Integer::sum);
    }
    Map<String, String> shares = new LinkedHashMap<>();
    synchronized (covered) {
      for (Map.Entry<Kind, Integer> total : totals.entrySet()) {
        int done = covered.getOrDefault(total.getKey(), Set.of()).size();
        shares.put(total.getKey().label(), done + "/" + total.getValue());
      }
    }
    return shares;
  }

  /** The constraints no case was sent for, by their keys. */
  public List<String> notCovered() {
    synchronized (covered) {
      return RequestConstraints.all().stream()
          .filter(c -> !covered.getOrDefault(c.kind(), Set.of()).contains(c.key()))
          .map(Constraint::key)
          .toList();
    }
  }
}
