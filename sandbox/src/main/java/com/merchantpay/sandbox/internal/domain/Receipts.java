package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * The rules of fiscal receipts: made for a payment that took or holds money, Pending until the
 * register answers.
 */
final class Receipts {
  static final Duration RECEIPT_DELAY = Duration.ofSeconds(5);

  private final Workspace work;

  Receipts(Workspace work) {
    this.work = work;
  }

  Receipt create(Payment payment, Receipt.Type type, BigDecimal amount, Instant now) {
    if (payment.status != PaymentStatus.SETTLED && payment.status != PaymentStatus.AUTHORIZED) {
      throw Refused.byStatus(payment, "A receipt needs a payment that took or holds money");
    }
    return add(payment, type, amount, now);
  }

  /**
   * A receipt the service makes by itself: for a settled payment or a refund that asked for one.
   */
  Receipt add(Payment payment, Receipt.Type type, BigDecimal amount, Instant now) {
    Receipt receipt =
        new Receipt(
            work.ids.receipt(),
            payment.id,
            payment.merchantId,
            now,
            amount,
            payment.currency,
            type);
    Lifecycle.check(null, ReceiptStatus.PENDING);
    receipt.status = ReceiptStatus.PENDING;
    receipt.due = now.plus(RECEIPT_DELAY);
    work.store.add(receipt);
    work.store.index(receipt);
    return receipt;
  }

  /** The fiscal register answered: Success with fiscal data, or Rejected or Cancelled without. */
  void finish(Receipt receipt, ReceiptStatus status, Instant now) {
    Lifecycle.check(receipt.status, status);
    receipt.status = status;
    receipt.due = null;
    receipt.updated = now;
    work.store.index(receipt);
    if (status == ReceiptStatus.SUCCESS) {
      IdSource ids = work.ids;
      receipt.providerOperationId = "ofd-" + ids.digits(8);
      receipt.fiscalData =
          new FiscalData(
              "000000000" + ids.digits(7),
              Integer.toString(1 + Integer.parseInt(ids.digits(2))),
              Integer.toString(1 + Integer.parseInt(ids.digits(3))),
              Integer.toString(10000 + Integer.parseInt(ids.digits(4))),
              ids.digits(10),
              now);
    }
  }
}
