package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult.Order;
import com.merchantpay.conformance.target.OpenPoint;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One behaviour the kit checks, named by a sentence and tied to what it enforces: a rule of the
 * documents (its assertions may cite further rules the catalogue lists it for), or, for a check of
 * a decision only, the open point it reads.
 *
 * @param id stable identifier: {@code suite.what-it-checks}
 * @param suite the suite
 * @param title the behaviour, as a sentence
 * @param tags the tags it is selected by; the suite, the interface and {@code decision} are added
 * @param rule the rule its assertions cite unless they name another, or null for a check of a
 *     decision only
 * @param judges the ids of every rule its assertions may cite: its own rule and those it also
 *     judges; the catalogue's list of checks of a rule is derived from these
 * @param point the open point a check of a decision only reads, else null
 * @param order when it may run beside others
 * @param aloneBecause why it runs alone, when it does
 * @param body what it does
 */
public record Check(
    String id,
    String suite,
    String title,
    Set<String> tags,
    Rule rule,
    Set<String> judges,
    OpenPoint point,
    Order order,
    String aloneBecause,
    Body body) {
  /**
   * The steps of a check; it fails by throwing {@link CheckFailure} and skips by throwing {@link
   * CheckSkipped}.
   */
  @FunctionalInterface
  public interface Body {
    void run(CheckContext context) throws Exception;
  }

  public Check {
    if (order == Order.ALONE && (aloneBecause == null || aloneBecause.isBlank())) {
      throw new IllegalArgumentException(id + ": a check that runs alone says why");
    }
    if ((rule == null) == (point == null)) {
      throw new IllegalArgumentException(id + ": a check enforces a rule or reads an open point");
    }
    Set<String> all = new LinkedHashSet<>();
    all.add(suite);
    all.addAll(tags);
    all.add(rule != null ? rule.doc() : point.id().substring(0, 2));
    if (point != null) {
      all.add("decision");
    }
    tags = Set.copyOf(all);
    Set<String> judged = new LinkedHashSet<>();
    if (rule != null) {
      judged.add(rule.id());
    }
    for (String ruleId : judges) {
      judged.add(Rule.get(ruleId).id()); // an unknown rule fails the kit's start
    }
    judges = Collections.unmodifiableSet(judged);
  }

  /** A check of a document rule, by the rule's id in the catalogue. */
  public static Check of(
      String suite, String name, String title, String ruleId, List<Tag> tags, Body body) {
    return new Check(
        suite + "." + name,
        suite,
        title,
        texts(tags),
        Rule.get(ruleId),
        Set.of(),
        null,
        Order.TOGETHER,
        null,
        body);
  }

  /**
   * A check of a decision only: a target that reads the point otherwise is reported, not failed.
   */
  public static Check of(
      String suite, String name, String title, OpenPoint point, List<Tag> tags, Body body) {
    return new Check(
        suite + "." + name,
        suite,
        title,
        texts(tags),
        null,
        Set.of(),
        point,
        Order.TOGETHER,
        null,
        body);
  }

  private static Set<String> texts(List<Tag> tags) {
    Set<String> texts = new LinkedHashSet<>();
    tags.forEach(tag -> texts.add(tag.text()));
    return texts;
  }

  /** The same check, run with no other check beside it, for the reason given. */
  public Check alone(String because) {
    return new Check(id, suite, title, tags, rule, judges, point, Order.ALONE, because, body);
  }

  /** The same check, run after every other one. */
  public Check last() {
    return new Check(id, suite, title, tags, rule, judges, point, Order.LAST, null, body);
  }

  /**
   * The same check, judging these rules of the catalogue too: its assertions may cite them ({@link
   * CheckContext#rule}, {@link CheckContext#asserted}), and the catalogue lists it for each.
   */
  public Check judging(String... ruleIds) {
    Set<String> more = new LinkedHashSet<>(judges);
    more.addAll(List.of(ruleIds));
    return new Check(id, suite, title, tags, rule, more, point, order, aloneBecause, body);
  }

  /** The same check, judging these rules too. */
  public Check judging(Collection<String> ruleIds) {
    return judging(ruleIds.toArray(String[]::new));
  }

  /**
   * A suite's checks, each also judging the rules its suite names for every check that calls an
   * interface: those the suite's shared verdicts cite whatever the check.
   *
   * @param everyCheckOf the rules, by the interface a check calls ({@code v2}, {@code v1})
   */
  static List<Check> judgingEvery(List<Check> checks, Map<String, List<String>> everyCheckOf) {
    List<Check> judging = new ArrayList<>();
    for (Check check : checks) {
      List<String> more = new ArrayList<>();
      everyCheckOf.forEach(
          (api, rules) -> {
            if (check.tags().contains(api)) {
              more.addAll(rules);
            }
          });
      judging.add(check.judging(more));
    }
    return judging;
  }

  /** What the check enforces, for reports. */
  public String cite() {
    return rule != null
        ? rule.cite()
        : "open point " + point.id() + ": " + point.question() + "; our spec: " + point.ours();
  }

  /** The tags sorted, for reports. */
  public List<String> sortedTags() {
    return tags.stream().sorted().toList();
  }
}
