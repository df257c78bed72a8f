package com.merchantpay.sandbox.internal.domain;

/** The statuses of a payment, with the names both interfaces' v2 views write. */
public enum PaymentStatus {
  PENDING("Pending"),
  CONFIRMATION("Confirmation"),
  AUTHORIZED("Authorized"),
  SETTLED("Settled"),
  CANCELLED("Cancelled"),
  REJECTED("Rejected");

  private final String wire;

  PaymentStatus(String wire) {
    this.wire = wire;
  }

  /** The name on the wire. */
  public String wire() {
    return wire;
  }

  /** Whether nothing can happen to the payment any more. */
  public boolean isFinal() {
    return Lifecycle.isFinal(this);
  }

  /** Whether the payment ended without taking money: cancelled or declined. */
  public boolean isClosed() {
    return this == CANCELLED || this == REJECTED;
  }
}
