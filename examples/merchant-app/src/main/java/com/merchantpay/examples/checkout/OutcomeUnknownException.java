package com.merchantpay.examples.checkout;

/**
 * Every attempt failed without an answer the shop can trust: the payment may or may not exist. The
 * order keeps its idempotency key, so paying it again later cannot charge twice.
 */
public final class OutcomeUnknownException extends RuntimeException {
  private final String idempotencyKey;

  OutcomeUnknownException(String idempotencyKey, int attempts, Throwable last) {
    super(
        "no answer after "
            + attempts
            + " attempts (idempotency key "
            + idempotencyKey
            + "): "
            + last.getMessage(),
        last);
    this.idempotencyKey = idempotencyKey;
  }

  public String idempotencyKey() {
    return idempotencyKey;
  }
}
