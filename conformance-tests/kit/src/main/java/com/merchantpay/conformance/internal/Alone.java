package com.merchantpay.conformance.internal;

/** Why a check runs with no other check beside it, as the checks that do declare. */
final class Alone {
  /** Checks that move the implementation's clock. */
  static final String MOVES_THE_CLOCK =
      "it moves the target's clock, which every payment, refund, receipt, "
          + "invoice and notification of the checks in flight would see";

  /** Checks whose list holds everything of a period. */
  static final String LISTS_A_PERIOD =
      "it lists every payment of a period, and the payments other checks make in "
          + "that period would join the list while it is paged";

  private Alone() {}
}
