package com.merchantpay.v2;

import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * When and how often a failed call is tried again.
 *
 * <p>What is retried: connection failures, timeouts, HTTP 429 and 502/503/504 — for reads, and for
 * creating POSTs, which always carry an {@code Idempotency-Key} so a retry can never create a
 * second resource. The PUT operations (complete, capture, cancel, revoke, sticker activation) carry
 * no key: they are retried only when the service provably did not act on them (the connection was
 * refused or could not be opened, or the answer was 429), unless {@link
 * Builder#retryUpdatesWhenOutcomeUnknown(boolean)} says otherwise. Other 4xx answers are never
 * retried.
 *
 * <p>Waits grow exponentially from {@code initialBackoff} up to {@code maxBackoff}, with random
 * jitter so that many clients do not retry in step; a {@code Retry-After} from the service is
 * honoured as a minimum. No wait extends past the call's deadline.
 */
public final class RetryPolicy {
  private static final RetryPolicy DEFAULTS = builder().build();
  private static final RetryPolicy NONE = builder().maxAttempts(1).build();

  private final int maxAttempts;
  private final Duration initialBackoff;
  private final Duration maxBackoff;
  private final boolean retryUpdatesWhenOutcomeUnknown;

  private RetryPolicy(Builder builder) {
    this.maxAttempts = builder.maxAttempts;
    this.initialBackoff = builder.initialBackoff;
    this.maxBackoff = builder.maxBackoff;
    this.retryUpdatesWhenOutcomeUnknown = builder.retryUpdatesWhenOutcomeUnknown;
  }

  /** Three attempts, waits from 200 ms up to 5 s, PUTs retried only when provably not sent. */
  public static RetryPolicy defaults() {
    return DEFAULTS;
  }

  /** A single attempt: nothing is retried. */
  public static RetryPolicy none() {
    return NONE;
  }

  /** Starts from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** Attempts in all, the first included. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The wait after the first failure, before jitter. */
  public Duration initialBackoff() {
    return initialBackoff;
  }

  /** The longest wait between attempts, before a longer {@code Retry-After}. */
  public Duration maxBackoff() {
    return maxBackoff;
  }

  /** Whether PUTs are retried after a failure that leaves their outcome unknown. */
  public boolean retryUpdatesWhenOutcomeUnknown() {
    return retryUpdatesWhenOutcomeUnknown;
  }

  /**
   * The wait before attempt {@code failedAttempts + 1}: half the exponential step plus a random
   * share of the other half ("equal jitter"), and never less than what the service asked for.
   */
  Duration backoff(int failedAttempts, Duration retryAfter, DoubleSupplier random) {
    long initial = initialBackoff.toMillis();
    long cap = maxBackoff.toMillis();
    long step = initial << Math.min(failedAttempts - 1, 30);
    long exponential = Math.min(cap, step < 0 ? cap : step);
    long jittered =
        exponential / 2 + (long) (random.getAsDouble() * (exponential - exponential / 2));
    long wait = retryAfter == null ? jittered : Math.max(jittered, retryAfter.toMillis());
    return Duration.ofMillis(wait);
  }

  @Override
  public String toString() {
    return "RetryPolicy{maxAttempts="
        + maxAttempts
        + ", initialBackoff="
        + initialBackoff
        + ", maxBackoff="
        + maxBackoff
        + ", retryUpdatesWhenOutcomeUnknown="
        + retryUpdatesWhenOutcomeUnknown
        + '}';
  }

  /** Builds a {@link RetryPolicy}; starts from the defaults. */
  public static final class Builder {
    private int maxAttempts = 3;
    private Duration initialBackoff = Duration.ofMillis(200);
    private Duration maxBackoff = Duration.ofSeconds(5);
    private boolean retryUpdatesWhenOutcomeUnknown;

    private Builder() {}

    /** Attempts in all, the first included; 1 disables retries. */
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
      }
      this.maxAttempts = maxAttempts;
      return this;
    }

    /** The wait after the first failure; it doubles with each further one. */
    public Builder initialBackoff(Duration initialBackoff) {
      this.initialBackoff = positive("initialBackoff", initialBackoff);
      return this;
    }

    /** The cap on the doubling waits. */
    public Builder maxBackoff(Duration maxBackoff) {
      this.maxBackoff = positive("maxBackoff", maxBackoff);
      return this;
    }

    /**
     * Also retry the PUT operations after a failure that leaves their outcome unknown (a timeout, a
     * reset connection, 429/502/503/504). Only opt in if repeating them is harmless for you: a
     * second capture or cancel of the same payment is refused by the service, but a second
     * confirmation code may not be.
     */
    public Builder retryUpdatesWhenOutcomeUnknown(boolean retry) {
      this.retryUpdatesWhenOutcomeUnknown = retry;
      return this;
    }

    /** The policy; fails when {@code maxBackoff} is shorter than {@code initialBackoff}. */
    public RetryPolicy build() {
      if (maxBackoff.compareTo(initialBackoff) < 0) {
        throw new IllegalArgumentException(
            "maxBackoff ("
                + maxBackoff
                + ") must not be shorter than initialBackoff ("
                + initialBackoff
                + ")");
      }
      return new RetryPolicy(this);
    }

    private static Duration positive(String name, Duration value) {
      Objects.requireNonNull(value, name);
      if (value.isNegative() || value.isZero()) {
        throw new IllegalArgumentException(name + " must be positive, was " + value);
      }
      return value;
    }
  }
}
