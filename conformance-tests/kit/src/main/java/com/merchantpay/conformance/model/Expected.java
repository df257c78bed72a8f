package com.merchantpay.conformance.model;

/**
 * What the documents allow a change to come to, in the state its history left the payment: carried
 * out, refused, or either (where the documents leave it open).
 *
 * @param mayCarryOut whether the target may carry it out
 * @param mayRefuse whether the target may refuse it
 * @param rule the rule of the documents a different answer breaks
 * @param because what the rule asks for here, in words
 */
public record Expected(boolean mayCarryOut, boolean mayRefuse, String rule, String because) {
  static Expected carriedOut(String rule, String because) {
    return new Expected(true, false, rule, because);
  }

  static Expected refused(String rule, String because) {
    return new Expected(false, true, rule, because);
  }

  static Expected either(String rule, String because) {
    return new Expected(true, true, rule, because);
  }

  /** Whether the answer is one the documents allow. */
  public boolean allows(boolean carriedOut) {
    return carriedOut ? mayCarryOut : mayRefuse;
  }

  /** What the documents ask for, as a report's "expected". */
  public String expectation() {
    String what =
        mayCarryOut && mayRefuse
            ? "carried out or refused"
            : mayCarryOut ? "carried out" : "refused";
    return what + ": " + because;
  }
}
