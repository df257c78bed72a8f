package com.merchantpay.v2;

import java.time.Duration;
import java.util.Objects;

final class Durations {
  private Durations() {}

  static Duration requirePositive(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
    return value;
  }
}
