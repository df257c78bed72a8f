package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;

/** A fiscal receipt as the sandbox keeps it; guarded by the store lock. */
final class ReceiptRecord {
  final String id;
  final String paymentId;
  final String merchantId;
  final Instant created;
  final BigDecimal amount;
  final String currency;
  final String type;
  String status = "Pending";
  Instant due;
  String providerOperationId;
  ObjectNode fiscalData;

  ReceiptRecord(String id, String paymentId, String merchantId, Instant created, BigDecimal amount, String currency,
      String type) {
    this.id = id;
    this.paymentId = paymentId;
    this.merchantId = merchantId;
    this.created = created;
    this.amount = amount;
    this.currency = currency;
    this.type = type;
  }
}
