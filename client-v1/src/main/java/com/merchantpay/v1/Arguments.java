package com.merchantpay.v1;

import java.time.Duration;
import java.time.LocalDate;

/**
 * Checks of settings and arguments, made before anything is sent; each message names what is wrong.
 */
final class Arguments {
  private Arguments() {}

  static String requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " is required");
    }
    return value;
  }

  static Duration requirePositive(Duration value, String name) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, got " + value);
    }
    return value;
  }

  /** Both bounds of a period of UTC days, in order. */
  static void requirePeriod(LocalDate periodFrom, LocalDate periodTo) {
    if (periodFrom == null || periodTo == null) {
      throw new IllegalArgumentException("both periodFrom and periodTo are required");
    }
    Periods.check(periodFrom, periodTo);
  }
}
