package com.merchantpay.conformance.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The happy path of every operation of both interfaces: a valid call answers with the documented
 * success and the answer carries what was asked for. The form of each answer is judged by the wire
 * suite.
 *
 * <p>The registry of the family: the checks are declared and written per topic in {@link
 * OperationsPayments}, {@link OperationsTokens}, {@link OperationsReceiptsAndStickers} and {@link
 * OperationsV1}, which share {@link OperationsSteps}; this file lists them, with the rules every
 * check of the family judges.
 */
final class OperationsSuite {

  private OperationsSuite() {}

  /**
   * The rules every check of this suite judges besides its own and those of its call (the shape of
   * a check in {@link OperationsSteps}), by the interface it calls.
   */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v1", List.of("v1.envelope.json", "v1.errors.http-200"));

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.addAll(OperationsPayments.declared());
    checks.addAll(OperationsTokens.declared());
    checks.addAll(OperationsReceiptsAndStickers.declared());
    checks.addAll(OperationsV1.declared());
    return checks;
  }
}
