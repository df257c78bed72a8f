package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.faults.FaultRules;
import java.util.List;

/**
 * The fault rules of a running sandbox: added, listed and removed while it runs; a reset removes
 * them all. The first rule that hits a call decides its fault; a call meets one fault at most.
 */
public final class Faults {
  private final FaultRules rules;

  Faults(FaultRules rules) {
    this.rules = rules;
  }

  /**
   * Adds a rule.
   *
   * @return its id, for {@link #remove}
   */
  public String add(Fault fault) {
    return rules.add(fault.rule());
  }

  /** Removes a rule; false when there is none with this id (it may have been spent). */
  public boolean remove(String id) {
    return rules.remove(id);
  }

  /** Removes every rule. */
  public void clear() {
    rules.clear();
  }

  /** The ids of the rules in force. */
  List<String> ids() {
    return rules.list().stream().map(FaultRules.Listed::id).toList();
  }

  /**
   * The rules in force, each as its id and text form, such as {@code fault-1
   * createPayment,failAfter=502,times=1}.
   */
  public List<String> list() {
    return rules.list().stream()
        .map(listed -> listed.id() + " " + listed.rule().describe())
        .toList();
  }
}
