package com.merchantpay.conformance.internal;

/**
 * The rule a check enforces: a rule of one of the two service documents, or a decision our specs took where
 * the documents are silent (those checks also carry the {@code decision} tag, so a provider that reads an
 * open point another way can leave them out).
 *
 * @param source where the rule is written
 * @param where the section and rule, such as {@code Endpoints, rule 2}
 * @param says the rule in a few words
 */
public record Rule(Source source, String where, String says) {
  /** The documents a rule comes from. */
  public enum Source {
    V2_DOCUMENT("v2 document"),
    V1_DOCUMENT("v1 document"),
    V2_SPEC("v2 spec decision"),
    V1_SPEC("v1 spec decision");

    private final String label;

    Source(String label) {
      this.label = label;
    }

    public boolean isDecision() {
      return this == V2_SPEC || this == V1_SPEC;
    }
  }

  public static Rule v2(String where, String says) {
    return new Rule(Source.V2_DOCUMENT, where, says);
  }

  public static Rule v1(String where, String says) {
    return new Rule(Source.V1_DOCUMENT, where, says);
  }

  public static Rule v2Decision(String where, String says) {
    return new Rule(Source.V2_SPEC, where, says);
  }

  public static Rule v1Decision(String where, String says) {
    return new Rule(Source.V1_SPEC, where, says);
  }

  /** The citation shown in reports: {@code v2 document, Endpoints rule 2: ...}. */
  public String cite() {
    return source.label + ", " + where + ": " + says;
  }
}
