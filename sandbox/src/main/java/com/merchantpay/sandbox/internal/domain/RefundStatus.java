package com.merchantpay.sandbox.internal.domain;

/** The statuses of a refund. */
public enum RefundStatus {
  PENDING("Pending"),
  SUCCESS("Success"),
  REJECTED("Rejected");

  private final String wire;

  RefundStatus(String wire) {
    this.wire = wire;
  }

  /** The name on the wire. */
  public String wire() {
    return wire;
  }
}
