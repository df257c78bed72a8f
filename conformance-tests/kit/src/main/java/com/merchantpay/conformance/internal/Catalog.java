package com.merchantpay.conformance.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/** Every check of the kit, in the order they run: behaviour first, then the wire checks that read the run. */
public final class Catalog {
  private Catalog() {}

  public static List<Check> all() {
    List<Check> all = new ArrayList<>();
    all.addAll(OperationsSuite.checks());
    all.addAll(LifecycleSuite.checks());
    all.addAll(AuthSuite.checks());
    all.addAll(IdempotencySuite.checks());
    all.addAll(PaginationSuite.checks());
    all.addAll(CallbackSuite.checks());
    all.addAll(V1Suite.checks());
    all.addAll(NegativeSuite.checks());
    all.addAll(WireSuite.checks());
    return all;
  }

  /**
   * The checks selected by tags: one with any included tag (or id, or id prefix up to a dot) unless it has an
   * excluded one. No included tags select every check.
   */
  public static List<Check> select(Collection<String> include, Collection<String> exclude) {
    List<Check> selected = new ArrayList<>();
    for (Check check : all()) {
      boolean in = include.isEmpty() || include.stream().anyMatch(tag -> matches(check, tag));
      boolean out = exclude.stream().anyMatch(tag -> matches(check, tag));
      if (in && !out) {
        selected.add(check);
      }
    }
    return selected;
  }

  /** Every tag any check carries, for the CLI's help and its check of what it was given. */
  public static Set<String> tags() {
    Set<String> tags = new java.util.TreeSet<>();
    all().forEach(check -> tags.addAll(check.tags()));
    return tags;
  }

  private static boolean matches(Check check, String tag) {
    return check.tags().contains(tag) || check.id().equals(tag) || check.id().startsWith(tag + ".");
  }
}
