package com.merchantpay.sandbox.internal.config;

import java.time.Duration;

/**
 * How much state a sandbox keeps, so a long-lived shared one never runs out of memory. Beyond
 * {@code maxPerKind} payments (or refunds, tokens, receipts, stickers) the oldest finished one is
 * forgotten first; a finished resource older than {@code maxAge} of sandbox time is forgotten too.
 * A forgotten resource answers as not found.
 *
 * <p>A request's members may be long, so what is kept is weighed too: the resources at most {@code
 * maxBytes}, the answers kept for idempotency keys half that, the notifications kept for the
 * delivery log a quarter; beyond it, the oldest go first.
 *
 * @param maxPerKind most resources of one kind kept at once
 * @param maxAge how long a finished resource is kept after its last change, in sandbox time
 * @param maxBytes most bytes the resources' texts are kept in, together
 */
public record Retention(int maxPerKind, Duration maxAge, long maxBytes) {
  /** The resources' bytes when none are given: with the halves and quarters, 112 MiB at most. */
  public static final long DEFAULT_BYTES = 64L << 20;

  /**
   * About 25 MB of resources at the measured 0.4 KB per payment plus its refunds and receipts,
   * which keeps a 256 MB heap far from full under sustained load; a week is longer than any test
   * run looks back.
   */
  public static final Retention DEFAULT = new Retention(25_000, Duration.ofDays(7));

  public Retention(int maxPerKind, Duration maxAge) {
    this(maxPerKind, maxAge, DEFAULT_BYTES);
  }

  public Retention {
    if (maxPerKind < 100) {
      throw new IllegalArgumentException(
          "keep at least 100 resources of each kind, not " + maxPerKind);
    }
    if (maxBytes < (1L << 20)) {
      throw new IllegalArgumentException(
          "keep at least 1 MiB of resources (1048576 bytes), not " + maxBytes);
    }
    if (maxAge == null || maxAge.isNegative() || maxAge.isZero()) {
      throw new IllegalArgumentException("the retention age must be positive, not " + maxAge);
    }
  }
}
