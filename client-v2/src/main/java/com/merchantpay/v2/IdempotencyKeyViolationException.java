package com.merchantpay.v2;

/**
 * {@code idempotency_key_violation}: The {@code Idempotency-Key} was already used with a different
 * request, or that request is still in flight.
 */
public final class IdempotencyKeyViolationException extends ServiceException {
  private static final long serialVersionUID = 1L;

  IdempotencyKeyViolationException(ServiceError error) {
    super(error);
  }
}
