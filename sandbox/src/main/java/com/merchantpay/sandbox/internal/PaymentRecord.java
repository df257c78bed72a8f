package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/** A payment as the sandbox keeps it; guarded by the store lock. */
final class PaymentRecord {
  /** How the payment came to be, which decides how the payer finishes it. */
  enum Source { DIRECT, INVOICE, STICKER_PAGE, CONTROL }

  final String id;
  final String merchantId;
  final Instant created;
  final BigDecimal amount;
  final String currency;
  final Source source;
  Instant updated;
  Instant completed;
  boolean testMode;
  boolean dualMode;
  String status;
  String resultCode;
  String message;
  BigDecimal captured;
  ObjectNode invoice;
  Instant invoiceExpires;
  String customerIp;
  String phone;
  String paymentMethod;
  String instrumentTitle;
  ObjectNode cardInfo;
  ObjectNode confirmation;
  final Deque<MagicCards.Step> nextSteps = new ArrayDeque<>();
  Instant confirmationDeadline;
  Instant pendingDue;
  MagicCards.Behaviour behaviour = MagicCards.Behaviour.APPROVE;
  /** True while an invoice waits for the payer to enter a card on the hosted page. */
  boolean awaitingPayer;
  /** True when the invoice's {@code expires} passed before the payer paid (v1 ErrorCode -9). */
  boolean invoiceExpired;
  String callbackUrl;
  String returnUrl;
  ObjectNode tokenization;
  String createdTokenId;
  String chargedTokenId;
  String stickerId;
  ObjectNode receipt;
  Integer v1CancelCode;

  PaymentRecord(String id, String merchantId, Instant created, BigDecimal amount, String currency, Source source) {
    this.id = id;
    this.merchantId = merchantId;
    this.created = created;
    this.updated = created;
    this.amount = amount;
    this.currency = currency;
    this.source = source;
  }

  boolean isFinal() {
    return "Settled".equals(status) || "Cancelled".equals(status) || "Rejected".equals(status);
  }
}
