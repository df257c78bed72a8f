package com.merchantpay.observation;

import java.util.Objects;

/**
 * A call about to be made.
 *
 * @param client {@code v2} or {@code v1}
 * @param operation the operation id of the interface's document ({@code createPayment}, {@code
 *     getPayment} ...)
 * @param idempotencyKey the call's idempotency key as {@link Masking#idempotencyKey} shows it, or
 *     null for a call without one
 */
public record CallStart(String client, String operation, String idempotencyKey) {
  public CallStart {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(operation, "operation");
  }
}
