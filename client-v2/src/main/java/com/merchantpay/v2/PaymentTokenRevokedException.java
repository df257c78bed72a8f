package com.merchantpay.v2;

/** {@code payment_token_revoked}: The payment token was revoked; it can never be charged again. */
public final class PaymentTokenRevokedException extends ServiceException {
  private static final long serialVersionUID = 1L;

  PaymentTokenRevokedException(ServiceError error) {
    super(error);
  }
}
