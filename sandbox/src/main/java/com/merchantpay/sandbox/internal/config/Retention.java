package com.merchantpay.sandbox.internal.config;

import java.time.Duration;

/**
 * How much state a sandbox keeps, so a long-lived shared one never runs out of memory. Beyond
 * {@code maxPerKind} payments (or refunds, tokens, receipts, stickers) the oldest finished one is
 * forgotten first; a finished resource older than {@code maxAge} of sandbox time is forgotten too.
 * A forgotten resource answers as not found.
 *
 * @param maxPerKind most resources of one kind kept at once
 * @param maxAge how long a finished resource is kept after its last change, in sandbox time
 */
public record Retention(int maxPerKind, Duration maxAge) {
  /**
   * About 25 MB of resources at the measured 0.4 KB per payment plus its refunds and receipts,
   * which keeps a 256 MB heap far from full under sustained load; a week is longer than any test
   * run looks back.
   */
  public static final Retention DEFAULT = new Retention(25_000, Duration.ofDays(7));

  public Retention {
    if (maxPerKind < 100) {
      throw new IllegalArgumentException(
          "keep at least 100 resources of each kind, not " + maxPerKind);
    }
    if (maxAge == null || maxAge.isNegative() || maxAge.isZero()) {
      throw new IllegalArgumentException("the retention age must be positive, not " + maxAge);
    }
  }
}
