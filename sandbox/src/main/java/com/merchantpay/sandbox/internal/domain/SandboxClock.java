package com.merchantpay.sandbox.internal.domain;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The sandbox's notion of now. A fixed clock stands still until moved, so pending work settles
 * exactly when a test says so; a running clock follows the system clock plus whatever it was moved
 * by. Times are kept to the millisecond, as the service shows them.
 */
public final class SandboxClock {
  /** How far the clock may be moved in total: 100 years of 365.25 days. */
  public static final Duration MAX_OFFSET = Duration.ofDays(36525);

  private final Clock system;
  private final Instant fixedStart;
  private final Instant epoch;
  private Duration offset = Duration.ZERO;

  public SandboxClock(Instant fixedStart, Clock system) {
    this.system = system;
    this.fixedStart = fixedStart == null ? null : fixedStart.truncatedTo(ChronoUnit.MILLIS);
    this.epoch =
        this.fixedStart != null ? this.fixedStart : system.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  public boolean isFixed() {
    return fixedStart != null;
  }

  /**
   * The moment the sandbox started (or its fixed start), the anchor of seeded documents and
   * transfers.
   */
  public Instant epoch() {
    return epoch;
  }

  public synchronized Instant now() {
    Instant base = fixedStart != null ? fixedStart : system.instant();
    return base.plus(offset).truncatedTo(ChronoUnit.MILLIS);
  }

  /**
   * Moves the clock forward.
   *
   * @throws IllegalArgumentException when {@code by} is negative or would take the clock more than
   *     {@link #MAX_OFFSET} past its start, where timestamps would stop being valid date-times
   */
  public synchronized Instant advance(Duration by) {
    if (by.isNegative()) {
      throw new IllegalArgumentException(
          "must not be negative; the sandbox clock only moves forward");
    }
    if (by.compareTo(MAX_OFFSET.minus(offset)) > 0) {
      throw new IllegalArgumentException(
          "the sandbox clock moves at most 100 years past its start; it has "
              + MAX_OFFSET.minus(offset).toDays()
              + " days left");
    }
    offset = offset.plus(by);
    return now();
  }

  public synchronized void reset() {
    offset = Duration.ZERO;
  }
}
