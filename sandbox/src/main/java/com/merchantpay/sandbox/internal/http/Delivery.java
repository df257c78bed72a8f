package com.merchantpay.sandbox.internal.http;

import java.time.Duration;

/**
 * How an answer reaches the caller: whole, or spoilt on the way as a fault has it.
 *
 * @param stall how long the rest of a {@link Mode#STALL stalled} body waits
 */
public record Delivery(Mode mode, Duration stall) {
  public static final Delivery WHOLE = new Delivery(Mode.WHOLE, Duration.ZERO);
  public static final Delivery DROP = new Delivery(Mode.DROP, Duration.ZERO);
  public static final Delivery TRUNCATE = new Delivery(Mode.TRUNCATE, Duration.ZERO);

  public enum Mode {
    WHOLE,
    /** No answer: the connection closes before its first byte. */
    DROP,
    /** The status line and half the body, then the connection closes. */
    TRUNCATE,
    /** The status line and half the body, the rest after {@link Delivery#stall()}. */
    STALL
  }

  public static Delivery stalled(Duration stall) {
    return new Delivery(Mode.STALL, stall);
  }

  /** Whether the caller gets any of the answer, as the journal records it. */
  public boolean answers() {
    return mode != Mode.DROP;
  }
}
