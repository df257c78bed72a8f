package com.merchantpay.v2;

/**
 * The access token supplier failed, or gave a token that cannot be sent. When this happens on a
 * retry, an earlier attempt may have reached the service: for a creating operation, retry with the
 * same {@link #getIdempotencyKey() idempotency key}.
 */
public final class AccessTokenException extends MerchantPayException {
  private static final long serialVersionUID = 1L;

  AccessTokenException(String detail, String operation, String idempotencyKey, Throwable cause) {
    super(detail, operation, idempotencyKey, null, cause);
  }
}
