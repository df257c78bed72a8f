package com.merchantpay.conformance.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Resources through their lives: payments held, captured in full or in part and cancelled, every
 * kind of confirmation, declines, refunds up to the money taken, tokens used, revoked and blocked,
 * receipts and stickers; money that cannot move refused; money and time written as the documents
 * say.
 *
 * <p>The registry of the family: the checks are declared and written per topic in {@link
 * LifecyclePayments}, {@link LifecycleConfirmations}, {@link LifecycleRefusals}, {@link
 * LifecycleRefunds}, {@link LifecycleTokens} and {@link LifecycleTime}, which share {@link
 * LifecycleSteps}.
 */
final class LifecycleSuite {

  private LifecycleSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v2", List.of("v2.errors.body"));

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.addAll(LifecyclePayments.payments());
    checks.addAll(LifecycleConfirmations.confirmations());
    checks.addAll(LifecyclePayments.pages());
    checks.addAll(LifecycleRefusals.refusedMoves());
    checks.addAll(LifecycleRefusals.money());
    checks.addAll(LifecycleRefunds.refunds());
    checks.addAll(LifecycleTokens.tokens());
    checks.addAll(LifecycleTokens.receiptsAndStickers());
    checks.addAll(LifecycleTime.time());
    return checks;
  }
}
