package com.merchantpay.sandbox.internal.faults;

import com.merchantpay.sandbox.internal.http.Delivery;

/** Carries the call out, then closes the connection without a byte of the answer. */
public record DropAfter() implements FaultEffect {
  static final Kind KIND =
      new Kind("dropAfter", Setting.NONE, (status, duration) -> new DropAfter());

  @Override
  public Kind kind() {
    return KIND;
  }

  @Override
  public Delivery delivery() {
    return Delivery.DROP;
  }
}
