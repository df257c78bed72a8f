package com.merchantpay.sandbox.internal.faults;

import com.merchantpay.sandbox.internal.http.Delivery;

/** Carries the call out, sends the answer's head and half its body, and closes the connection. */
public record Truncate() implements FaultEffect {
  static final Kind KIND = new Kind("truncate", Setting.NONE, (status, duration) -> new Truncate());

  @Override
  public Kind kind() {
    return KIND;
  }

  @Override
  public Delivery delivery() {
    return Delivery.TRUNCATE;
  }
}
