package com.merchantpay.conformance.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every check of the kit, in catalogue order: behaviour first, then the wire and secrets checks
 * that read what the run collected.
 */
public final class Catalog {
  private Catalog() {}

  private static final List<Check> ALL = build();

  public static List<Check> all() {
    return ALL;
  }

  private static List<Check> build() {
    List<Check> all = new ArrayList<>();
    all.addAll(OperationsSuite.checks());
    all.addAll(RequestsSuite.checks());
    all.addAll(LifecycleSuite.checks());
    all.addAll(AuthSuite.checks());
    all.addAll(IdempotencySuite.checks());
    all.addAll(PaginationSuite.checks());
    all.addAll(CallbackSuite.checks());
    all.addAll(V1Suite.checks());
    all.addAll(NegativeSuite.checks());
    all.addAll(TransportSuite.checks());
    all.addAll(WireSuite.checks());
    all.addAll(InvariantsSuite.checks());
    all.addAll(SecretsSuite.checks());
    return List.copyOf(all);
  }

  /**
   * The checks selected by tags: one with any included tag (or id, or id prefix up to a dot) unless
   * it has an excluded one. No included tags select every check.
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
    Set<String> tags = new TreeSet<>();
    all().forEach(check -> tags.addAll(check.tags()));
    return tags;
  }

  private static boolean matches(Check check, String tag) {
    return check.tags().contains(tag) || check.id().equals(tag) || check.id().startsWith(tag + ".");
  }
}
