package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;
import java.time.Instant;

/** A refund as the sandbox keeps it; read anywhere, changed only by the domain's rules. */
public final class Refund {
  final String id;
  final String paymentId;
  final String merchantId;
  final Instant created;
  final BigDecimal amount;
  final String currency;
  final String externalId;
  Instant updated;
  RefundStatus status;

  /** The outcome: none while the refund is Pending. */
  String resultCode;

  Instant due;
  Integer v1ErrorCode;
  String errorDesc;

  /** What it weighs in the store, in bytes, counted once when it is added ({@link Store}). */
  int weight;

  Refund(
      String id,
      String paymentId,
      String merchantId,
      Instant created,
      BigDecimal amount,
      String currency,
      String externalId) {
    this.id = id;
    this.paymentId = paymentId;
    this.merchantId = merchantId;
    this.created = created;
    this.updated = created;
    this.amount = amount;
    this.currency = currency;
    this.externalId = externalId;
  }

  public String id() {
    return id;
  }

  public String paymentId() {
    return paymentId;
  }

  public String merchantId() {
    return merchantId;
  }

  public Instant created() {
    return created;
  }

  public Instant updated() {
    return updated;
  }

  public BigDecimal amount() {
    return amount;
  }

  public String currency() {
    return currency;
  }

  public String externalId() {
    return externalId;
  }

  public RefundStatus status() {
    return status;
  }

  public String resultCode() {
    return resultCode;
  }

  /** The v1 ErrorCode of a rejected refund; null otherwise. */
  public Integer v1ErrorCode() {
    return v1ErrorCode;
  }

  public String errorDescription() {
    return errorDesc;
  }
}
