package com.merchantpay.sandbox.internal.faults;

import java.time.Duration;

/** Holds the call this long, then it is handled as usual. */
public record Delay(Duration duration) implements FaultEffect {
  static final Kind KIND = new Kind("delay", Setting.DURATION, (status, wait) -> new Delay(wait));

  public Delay {
    FaultEffect.requireDuration(KIND.name(), duration);
  }

  @Override
  public Kind kind() {
    return KIND;
  }

  @Override
  public String describe() {
    return "delay=" + duration;
  }

  @Override
  public void beforeHandling() {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
