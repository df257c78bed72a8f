package com.merchantpay.sandbox.internal.faults;

import com.merchantpay.sandbox.internal.http.Delivery;
import java.time.Duration;

/**
 * Carries the call out, sends the answer's head and half its body, and holds the rest this long.
 */
public record Stall(Duration duration) implements FaultEffect {
  static final Kind KIND = new Kind("stall", Setting.DURATION, (status, wait) -> new Stall(wait));

  public Stall {
    FaultEffect.requireDuration(KIND.name(), duration);
  }

  @Override
  public Kind kind() {
    return KIND;
  }

  @Override
  public String describe() {
    return "stall=" + duration;
  }

  @Override
  public Delivery delivery() {
    return Delivery.stalled(duration);
  }
}
