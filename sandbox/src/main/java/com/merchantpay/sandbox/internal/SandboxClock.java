package com.merchantpay.sandbox.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The sandbox's notion of now. A fixed clock stands still until moved, so pending work settles exactly
 * when a test says so; a running clock follows the system clock plus whatever it was moved by.
 * Times are kept to the millisecond, as the service shows them.
 */
final class SandboxClock {
  private final Clock system;
  private final Instant fixedStart;
  private final Instant epoch;
  private Duration offset = Duration.ZERO;

  SandboxClock(Instant fixedStart, Clock system) {
    this.system = system;
    this.fixedStart = fixedStart == null ? null : fixedStart.truncatedTo(ChronoUnit.MILLIS);
    this.epoch = this.fixedStart != null ? this.fixedStart : system.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  boolean isFixed() {
    return fixedStart != null;
  }

  /** The moment the sandbox started (or its fixed start), the anchor of seeded documents and transfers. */
  Instant epoch() {
    return epoch;
  }

  synchronized Instant now() {
    Instant base = fixedStart != null ? fixedStart : system.instant();
    return base.plus(offset).truncatedTo(ChronoUnit.MILLIS);
  }

  synchronized Instant advance(Duration by) {
    if (by.isNegative()) {
      throw new IllegalArgumentException("the sandbox clock only moves forward");
    }
    offset = offset.plus(by);
    return now();
  }

  synchronized void reset() {
    offset = Duration.ZERO;
  }
}
