package com.merchantpay.sandbox.internal;

import java.math.BigDecimal;

/**
 * The range of amounts the sandbox accepts, the decision both specs record: at most 15 digits before the
 * decimal point and at most four after it, counted as written (10.10000 has five). Checked before anything
 * is stored, so every stored amount can be written back in plain notation.
 */
final class Amounts {
  static final int MAX_INTEGER_DIGITS = 15;
  static final int MAX_FRACTION_DIGITS = 4;
  static final String RULE = "must have at most " + MAX_INTEGER_DIGITS + " digits before the decimal point and "
      + MAX_FRACTION_DIGITS + " after it";

  private Amounts() {}

  static boolean inBounds(BigDecimal value) {
    return value.scale() <= MAX_FRACTION_DIGITS && value.precision() - value.scale() <= MAX_INTEGER_DIGITS;
  }
}
