package com.merchantpay.sandbox.internal.domain;

/** The statuses of a fiscal receipt. */
public enum ReceiptStatus {
  PENDING("Pending"),
  SUCCESS("Success"),
  REJECTED("Rejected"),
  CANCELLED("Cancelled");

  private final String wire;

  ReceiptStatus(String wire) {
    this.wire = wire;
  }

  /** The name on the wire. */
  public String wire() {
    return wire;
  }
}
