package com.merchantpay.v2;

/**
 * A callback body could not be read as the documented notification. The body itself is not
 * repeated.
 */
public final class NotificationParseException extends MerchantPayException {
  private static final long serialVersionUID = 1L;

  NotificationParseException(String detail, Throwable cause) {
    super(detail, null, null, null, cause);
  }
}
