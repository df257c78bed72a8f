package com.merchantpay.sandbox.internal.faults;

import com.merchantpay.sandbox.internal.http.HttpSupport;

/** Carries the call out, then answers a 5xx in place of its answer: the effect is there. */
public record FailAfter(int status) implements FaultEffect {
  static final Kind KIND =
      new Kind("failAfter", Setting.STATUS, (status, duration) -> new FailAfter(status));

  public FailAfter {
    FaultEffect.requireFailure(KIND.name(), status, 500);
  }

  @Override
  public Kind kind() {
    return KIND;
  }

  @Override
  public String describe() {
    return "failAfter=" + status;
  }

  @Override
  public HttpSupport.Out answer(HttpSupport.Out handled, String rule) {
    return FaultEffect.injected(status, rule);
  }
}
