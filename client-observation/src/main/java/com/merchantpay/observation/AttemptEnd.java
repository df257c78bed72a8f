package com.merchantpay.observation;

import java.time.Duration;
import java.util.Objects;

/**
 * One attempt of a call, ended.
 *
 * @param attempt its number, from 1
 * @param status the HTTP status of the answer, or 0 when none came
 * @param failure what went wrong, as a short name ({@code TransportException}, {@code
 *     RequestTimeoutException}, {@code ValidationErrorException} ...), or null when it succeeded
 * @param duration from sending to the answer or the failure
 */
public record AttemptEnd(int attempt, int status, String failure, Duration duration) {
  public AttemptEnd {
    Objects.requireNonNull(duration, "duration");
  }

  public boolean succeeded() {
    return failure == null;
  }
}
