package com.merchantpay.examples.checkout;

/** The service refused the call (a 4xx): retrying the same call cannot help. */
public final class PaymentRefusedException extends RuntimeException {
  private final int status;
  private final String code;

  PaymentRefusedException(int status, String code, String message) {
    super("HTTP " + status + " " + code + ": " + message);
    this.status = status;
    this.code = code;
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }
}
