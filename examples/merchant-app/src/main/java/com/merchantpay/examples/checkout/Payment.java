package com.merchantpay.examples.checkout;

import java.math.BigDecimal;

/**
 * A payment as the shop needs it: the service's id, its status, and why it was declined if it was.
 */
public record Payment(String id, String status, String resultCode, BigDecimal amount) {
  public boolean paid() {
    return status.equals("Settled") || status.equals("Authorized");
  }

  /** The payer still has to pass a step (3-D Secure, an SMS code) before the bank answers. */
  public boolean awaitingPayer() {
    return status.equals("Confirmation");
  }
}
