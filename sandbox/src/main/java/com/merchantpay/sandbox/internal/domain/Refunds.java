package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * The rules of refunds: only a settled payment's captured money comes back, never more than is left
 * of it, and a refund is Pending until the bank answers.
 */
final class Refunds {
  static final Duration REFUND_DELAY = Duration.ofSeconds(10);

  private final Workspace work;
  private final Receipts receipts;

  Refunds(Workspace work, Receipts receipts) {
    this.work = work;
    this.receipts = receipts;
  }

  /** What remains refundable: captured money minus refunds that are pending or went through. */
  BigDecimal refundable(Payment payment) {
    if (payment.status != PaymentStatus.SETTLED || payment.captured == null) {
      return BigDecimal.ZERO;
    }
    BigDecimal left = payment.captured;
    for (Refund refund : work.store.refundsOf(payment.id)) {
      if (refund.status != RefundStatus.REJECTED) {
        left = left.subtract(refund.amount);
      }
    }
    return left;
  }

  /** Refuses unless {@code amount} may be refunded now. */
  void requireRefundable(Payment payment, BigDecimal amount) {
    if (payment.status != PaymentStatus.SETTLED) {
      throw Refused.byStatus(payment, "Only a Settled payment can be refunded");
    }
    if (amount.compareTo(refundable(payment)) > 0) {
      throw Refused.exceeds(refundable(payment), "refundable amount");
    }
  }

  /**
   * Starts returning {@code amount}, made at {@code created}; a refund receipt goes with it when
   * asked for.
   */
  Refund start(
      String id,
      Payment payment,
      BigDecimal amount,
      String externalId,
      boolean withReceipt,
      Instant created,
      Instant now) {
    requireRefundable(payment, amount);
    Refund refund =
        new Refund(
            id == null ? work.ids.refund() : id,
            payment.id,
            payment.merchantId,
            created,
            amount,
            payment.currency,
            externalId);
    Lifecycle.check(null, RefundStatus.PENDING);
    refund.status = RefundStatus.PENDING;
    refund.due = now.plus(REFUND_DELAY);
    work.store.add(refund);
    work.store.index(refund);
    if (withReceipt) {
      receipts.add(payment, Receipt.Type.REFUND, amount, now);
    }
    return refund;
  }

  /** The bank answered; its answer depends on the card the payment was made with. */
  void settle(Refund refund, Instant now) {
    Payment payment = work.store.payments.get(refund.paymentId);
    finish(refund, payment != null && payment.behaviour.refundsRejected(), now);
  }

  /** The bank answers a pending refund now, as it is told to. */
  void answer(Refund refund, boolean reject, Instant now) {
    if (refund.status != RefundStatus.PENDING) {
      throw Refused.notNow(
          "Only a Pending refund waits for the bank; this one is " + refund.status.wire() + ".");
    }
    finish(refund, reject, now);
  }

  void finish(Refund refund, boolean reject, Instant now) {
    RefundStatus status = reject ? RefundStatus.REJECTED : RefundStatus.SUCCESS;
    Lifecycle.check(refund.status, status);
    refund.status = status;
    refund.resultCode = reject ? "TransactionDeclined" : "Success";
    refund.v1ErrorCode = reject ? -10 : null;
    refund.errorDesc = reject ? "The issuer refused the refund (sandbox test card)" : null;
    refund.due = null;
    refund.updated = now;
    work.store.index(refund);
  }
}
