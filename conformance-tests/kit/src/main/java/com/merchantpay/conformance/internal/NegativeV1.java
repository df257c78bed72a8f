package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.NegativeVerdicts.judgeAll;

import com.merchantpay.conformance.internal.NegativeVerdicts.Case;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** The negative cases of v1 operations: a value left out or of the wrong form. */
final class NegativeV1 {
  /** The operations that change the payment they name. */
  private static final java.util.Set<String> CHANGING =
      java.util.Set.of("refundPayment", "confirmPayment", "cancelPayment");

  private NegativeV1() {}

  static void runV1Cases(CheckContext c, SpecModel.Operation operation) throws Exception {
    V1Calls v1 = c.v1();
    // A request that would succeed but for the value each case breaks: real resources, so that a
    // case is never refused only because what it names does not exist. A case of an operation
    // that changes what it names gets a resource of its own: one case a target takes (a refund
    // without an amount, of the whole payment) must not decide how the next one is answered.
    boolean changes = CHANGING.contains(operation.id());
    Map<String, String> shared =
        changes ? null : v1.listed(operation.id(), V1Steps.validValues(c, operation.id()));
    List<Constraint> constraints = RequestConstraints.of(ApiSpec.V1, operation.id());
    List<Case> cases = new ArrayList<>();
    List<Callable<Exchange>> sends = new ArrayList<>();
    for (Constraint constraint : constraints) {
      Map<String, String> values =
          new LinkedHashMap<>(
              changes ? v1.listed(operation.id(), V1Steps.validValues(c, operation.id())) : shared);
      if (constraint.removes()) {
        values.remove(constraint.member());
      } else {
        values.put(constraint.member(), constraint.breaking().get(0).asText());
      }
      cases.add(
          new Case(
              constraint, constraint.member() + " " + constraint.what(), Map.of(), null, null));
      sends.add(() -> v1.callAsGiven(operation.id(), values));
    }
    judgeAll(c, cases, c.run().parallel(sends), true);
  }
}
