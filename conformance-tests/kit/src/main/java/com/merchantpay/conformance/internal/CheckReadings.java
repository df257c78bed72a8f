package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult.Difference;
import com.merchantpay.conformance.target.OpenPoint;

/**
 * A check's readings of open points: a reading other than ours is noted as a difference, or fails
 * when the profile declared another reading or the run is strict.
 */
final class CheckReadings {
  private final CheckContext context;

  CheckReadings(CheckContext context) {
    this.context = context;
  }

  void reading(OpenPoint point, String observed, Exchange seen) {
    String declared = context.profile().reading(point).orElse(null);
    String expected = declared != null ? declared : context.run().strict() ? point.ours() : null;
    if (expected != null) {
      if (!OpenPoint.matches(expected, observed)) {
        throw new CheckFailure(
            "open point "
                + point.id()
                + ": "
                + point.question()
                + "; "
                + (declared != null
                    ? "the profile declares the target's reading"
                    : "a strict run asks for our spec's")
                + " ["
                + point.id()
                + "]",
            point.id() + " = " + expected,
            point.id() + " = " + observed + (seen == null ? "" : " in " + seen.summary()),
            seen);
      }
      return;
    }
    if (!OpenPoint.matches(point.ours(), observed)) {
      Difference difference =
          new Difference(
              point.id(),
              point.question(),
              point.ours(),
              observed,
              seen == null
                  ? null
                  : seen.method() + " " + seen.uri().getRawPath() + " -> " + seen.summary());
      synchronized (context) {
        boolean known =
            context.differenceList().stream()
                .anyMatch(d -> d.point().equals(point.id()) && d.theirs().equals(observed));
        if (!known) {
          context.differenceList().add(difference);
        }
      }
    }
  }

  void reading(OpenPoint point, boolean ours, String theirs, Exchange seen) {
    reading(point, ours ? point.ours() : theirs, seen);
  }
}
