package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult.Difference;
import com.merchantpay.conformance.target.OpenPoint;

/**
 * A check's readings of open points: a reading other than ours is noted as a difference, or fails
 * when the profile declared another reading or the run is strict.
 *
 * <p>What a check observes is a reading in the point's own form ({@link OpenPoint#observed}),
 * compared with the declared one as a value; what showed it goes beside it as detail. A point whose
 * declaration the kit cannot check exactly ({@link OpenPoint#checkable()}) is reported with both,
 * never failed, unless the run is strict.
 */
final class CheckReadings {
  private final CheckContext context;

  CheckReadings(CheckContext context) {
    this.context = context;
  }

  /**
   * @param observed the reading, in the point's form
   * @param detail what the kit saw beyond the reading itself (the cases, the values), or null
   */
  void reading(OpenPoint point, String observed, String detail, Exchange seen) {
    String reading = point.observed(observed);
    String declared = context.profile().reading(point).orElse(null);
    boolean strict = declared == null && context.run().strict();
    String expected = declared != null ? declared : strict ? point.ours() : null;
    String shown = detail == null ? reading : reading + " (" + detail + ")";
    if (expected != null && (strict || point.checkable())) {
      if (!point.satisfies(expected, reading)) {
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
            point.id() + " = " + shown + (seen == null ? "" : " in " + seen.summary()),
            seen);
      }
      return;
    }
    boolean asDeclared = declared != null && point.satisfies(declared, reading);
    if (asDeclared || point.isOurs(reading)) {
      return;
    }
    Difference difference =
        new Difference(
            point.id(),
            point.question(),
            declared == null ? point.ours() : point.ours() + "; the profile declares " + declared,
            shown,
            seen == null
                ? null
                : seen.method() + " " + seen.uri().getRawPath() + " -> " + seen.summary());
    synchronized (context) {
      boolean known =
          context.differenceList().stream()
              .anyMatch(d -> d.point().equals(point.id()) && d.theirs().equals(shown));
      if (!known) {
        context.differenceList().add(difference);
      }
    }
  }

  void reading(OpenPoint point, String observed, Exchange seen) {
    reading(point, observed, null, seen);
  }

  void reading(OpenPoint point, boolean ours, String theirs, Exchange seen) {
    reading(point, ours ? point.ours().split("\\|")[0] : theirs, null, seen);
  }
}
