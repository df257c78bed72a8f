package com.merchantpay.sandbox.internal.faults;

import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.time.Duration;

/**
 * Answers a 4xx or 5xx without carrying the call out: it had no effect.
 *
 * @param retryAfter sent as {@code Retry-After} in whole seconds, or null for none
 */
public record FailBefore(int status, Duration retryAfter) implements FaultEffect {
  static final Kind KIND = new Kind("failBefore", Setting.STATUS, FailBefore::new);

  public FailBefore {
    FaultEffect.requireFailure(KIND.name(), status, 400);
  }

  @Override
  public Kind kind() {
    return KIND;
  }

  @Override
  public Duration duration() {
    return retryAfter;
  }

  @Override
  public String describe() {
    return "failBefore=" + status + (retryAfter == null ? "" : ",retryAfter=" + retryAfter);
  }

  @Override
  public boolean acts() {
    return false;
  }

  @Override
  public HttpSupport.Out answer(HttpSupport.Out handled, String rule) {
    HttpSupport.Out out = FaultEffect.injected(status, rule);
    if (retryAfter == null) {
      return out;
    }
    long seconds = (retryAfter.toMillis() + 999) / 1000;
    return out.withHeader("Retry-After", Long.toString(seconds));
  }
}
