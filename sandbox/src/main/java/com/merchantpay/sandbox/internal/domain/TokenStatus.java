package com.merchantpay.sandbox.internal.domain;

/** The statuses of a payment token. */
public enum TokenStatus {
  CREATED("Created"),
  ACTIVE("Active"),
  REVOKED("Revoked"),
  DECLINED("Declined");

  private final String wire;

  TokenStatus(String wire) {
    this.wire = wire;
  }

  /** The name on the wire. */
  public String wire() {
    return wire;
  }
}
