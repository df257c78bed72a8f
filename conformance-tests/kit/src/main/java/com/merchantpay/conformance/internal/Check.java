package com.merchantpay.conformance.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One behaviour the kit checks, named by a sentence and tied to the rule it enforces.
 *
 * @param id stable identifier: {@code suite.what-it-checks}
 * @param suite the suite
 * @param title the behaviour, as a sentence
 * @param tags the tags it is selected by; the suite, the interface and {@code decision} are added
 * @param rule the rule it enforces
 * @param body what it does
 */
public record Check(String id, String suite, String title, Set<String> tags, Rule rule, Body body) {
  /** The steps of a check; it fails by throwing {@link CheckFailure} and skips by throwing {@link CheckSkipped}. */
  @FunctionalInterface
  public interface Body {
    void run(CheckContext context) throws Exception;
  }

  public Check {
    Set<String> all = new LinkedHashSet<>();
    all.add(suite);
    all.addAll(tags);
    all.add(rule.source() == Rule.Source.V1_DOCUMENT || rule.source() == Rule.Source.V1_SPEC ? "v1" : "v2");
    if (rule.source().isDecision()) {
      all.add("decision");
    }
    tags = Set.copyOf(all);
  }

  public static Check of(String suite, String name, String title, Rule rule, List<String> tags, Body body) {
    return new Check(suite + "." + name, suite, title, new LinkedHashSet<>(tags), rule, body);
  }

  /** The tags sorted, for reports. */
  public List<String> sortedTags() {
    return tags.stream().sorted().toList();
  }
}
