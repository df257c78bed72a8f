package com.merchantpay.boundaryfixture;

import com.merchantpay.conformance.internal.StatesThroughInterfaces;
import java.util.Set;

/** What KitBoundaryTest must report: a class outside the kit that reads its internal package. */
final class ReadsTheKitsInternals {
  private ReadsTheKitsInternals() {}

  static Set<String> states() {
    return StatesThroughInterfaces.NAMES;
  }
}
