package com.merchantpay.observation;

import java.time.Duration;
import java.util.Objects;

/**
 * A call, ended.
 *
 * @param attempts how many attempts were sent
 * @param status the HTTP status of the last answer, or 0 when none came
 * @param failure what the call threw, as a short name, or null when it succeeded
 * @param outcomeUnknown whether the service may have acted without the client learning of it: the
 *     caller must find out before trying again with another idempotency key
 * @param duration from the call's start to its end, waits between attempts included
 */
public record CallEnd(
    int attempts, int status, String failure, boolean outcomeUnknown, Duration duration) {
  public CallEnd {
    Objects.requireNonNull(duration, "duration");
  }

  /** The three ways a call ends, as a metric tag would name them. */
  public enum Outcome {
    SUCCESS,
    FAILURE,
    UNKNOWN
  }

  public Outcome outcome() {
    return failure == null ? Outcome.SUCCESS : outcomeUnknown ? Outcome.UNKNOWN : Outcome.FAILURE;
  }
}
