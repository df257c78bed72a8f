package com.merchantpay.sandbox.internal;

import java.math.BigDecimal;
import java.time.Instant;

/** A refund as the sandbox keeps it; guarded by the store lock. */
final class RefundRecord {
  final String id;
  final String paymentId;
  final String merchantId;
  final Instant created;
  final BigDecimal amount;
  final String currency;
  final String externalId;
  Instant updated;
  String status = "Pending";
  /** The outcome: none while the refund is Pending. */
  String resultCode;
  Instant due;
  Integer v1ErrorCode;
  String errorDesc;

  RefundRecord(String id, String paymentId, String merchantId, Instant created, BigDecimal amount, String currency,
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
}
