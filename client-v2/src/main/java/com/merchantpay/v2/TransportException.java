package com.merchantpay.v2;

/**
 * No usable answer arrived: the connection was refused or reset, the answer was cut off or garbled,
 * or a timeout expired. Thrown after the retries the {@link RetryPolicy} allows.
 *
 * <p>For a creating operation, retry with the same {@link #getIdempotencyKey() idempotency key}: if
 * the first request did reach the service, the retry returns its result instead of creating a
 * second resource.
 */
public class TransportException extends MerchantPayException {
  private static final long serialVersionUID = 1L;

  private final boolean requestNeverSent;

  TransportException(
      String detail,
      String operation,
      String idempotencyKey,
      boolean requestNeverSent,
      Throwable cause) {
    super(detail, operation, idempotencyKey, null, cause);
    this.requestNeverSent = requestNeverSent;
  }

  /**
   * True when the last attempt provably never reached the service (the connection was refused or
   * could not be opened), so nothing can have happened there.
   */
  public boolean isRequestNeverSent() {
    return requestNeverSent;
  }
}
