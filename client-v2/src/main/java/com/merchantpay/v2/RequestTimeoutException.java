package com.merchantpay.v2;

/**
 * The call did not complete in time: an attempt exceeded its read timeout with no retry left, or
 * the call's overall deadline ({@code callTimeout}) passed. Whether the service acted on the
 * request is unknown.
 */
public final class RequestTimeoutException extends TransportException {
  private static final long serialVersionUID = 1L;

  RequestTimeoutException(String detail, String operation, String idempotencyKey, Throwable cause) {
    super(detail, operation, idempotencyKey, false, cause);
  }
}
