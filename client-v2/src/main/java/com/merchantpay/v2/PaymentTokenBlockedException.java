package com.merchantpay.v2;

/**
 * {@code payment_token_blocked}: The payment token is temporarily blocked; it may be charged again
 * later.
 */
public final class PaymentTokenBlockedException extends ServiceException {
  private static final long serialVersionUID = 1L;

  PaymentTokenBlockedException(ServiceError error) {
    super(error);
  }
}
