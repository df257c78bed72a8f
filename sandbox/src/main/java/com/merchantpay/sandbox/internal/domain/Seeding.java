package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Resources made in a given state for tests (provider states), each by the same rules and steps the
 * service would take to reach that state, so a seeded resource is one the service could have made.
 */
final class Seeding {
  private final Workspace work;
  private final Payments payments;
  private final Refunds refunds;
  private final Tokens tokens;
  private final Receipts receipts;
  private final Stickers stickers;

  Seeding(
      Workspace work,
      Payments payments,
      Refunds refunds,
      Tokens tokens,
      Receipts receipts,
      Stickers stickers) {
    this.work = work;
    this.payments = payments;
    this.refunds = refunds;
    this.tokens = tokens;
    this.receipts = receipts;
    this.stickers = stickers;
  }

  /**
   * A payment in the seed's status, made at the seed's creation time; deadlines of a waiting
   * payment run from now. Its callback address is set afterwards, so only later changes are called
   * back.
   */
  Payment payment(Seeds.PaymentSeed seed, Instant now) {
    Instant at = seed.created() == null ? now : seed.created();
    Payment payment =
        new Payment(
            seed.id() == null ? work.ids.payment() : seed.id(),
            seed.merchantId(),
            at,
            seed.amount(),
            seed.currency(),
            Payment.Source.CONTROL);
    work.store.add(payment);
    payment.testMode = seed.testMode();
    payment.invoice = InvoiceText.of(seed.invoice());
    payments.useCard(payment, seed.pan(), null, at);
    payment.nextSteps = List.of();
    MagicCards.Behaviour card = payment.behaviour;
    switch (seed.status()) {
      case AUTHORIZED, SETTLED, CANCELLED -> {
        // The state asked for wins over what the card would do; what it does later (refunds,
        // tokens) stays.
        payment.behaviour = card.afterApproval();
        payment.dualMode = seed.status() != PaymentStatus.SETTLED || seed.dualMode();
        payments.authorize(payment, at);
        if (seed.status() == PaymentStatus.SETTLED && payment.status == PaymentStatus.AUTHORIZED) {
          payments.capture(payment, payment.amount, null, at);
        } else if (seed.status() == PaymentStatus.CANCELLED) {
          payments.cancel(payment, null, at);
        }
      }
      case REJECTED ->
          payments.reject(
              payment, seed.resultCode() == null ? "TransactionDeclined" : seed.resultCode(), at);
      case CONFIRMATION ->
          payments.enterConfirmation(
              payment,
              seed.confirmationType() == null ? ConfirmationStep.SmsOtp : seed.confirmationType(),
              now.plus(Payments.CONFIRMATION_TIMEOUT),
              at);
      case PENDING -> {
        if (seed.awaitingPayer()) {
          payments.move(payment, PaymentStatus.PENDING, Payment.Waiting.PAYER, null, at);
        } else {
          payment.behaviour = card.answeredLater();
          payments.move(
              payment,
              PaymentStatus.PENDING,
              Payment.Waiting.BANK,
              now.plus(Payments.PENDING_DELAY),
              at);
        }
      }
    }
    payment.callbackUrl = seed.callbackUrl();
    return payment;
  }

  /** A refund of a settled payment in the seed's status. */
  Refund refund(Seeds.RefundSeed seed, Instant now) {
    Payment payment = existing(seed.paymentId());
    BigDecimal amount = seed.amount() == null ? refunds.refundable(payment) : seed.amount();
    // A seed of "all that is left" of a payment with nothing left is refused as more than is left.
    refunds.requireRefundable(payment, amount.signum() > 0 ? amount : BigDecimal.ONE);
    Instant at = seed.created() == null ? now : seed.created();
    Refund refund = refunds.start(seed.id(), payment, amount, seed.externalId(), false, at, now);
    if (seed.status() != RefundStatus.PENDING) {
      refunds.finish(refund, seed.status() == RefundStatus.REJECTED, at);
    }
    return refund;
  }

  /** A token from the seed's card in the seed's status; its callback address is set afterwards. */
  PaymentToken token(Seeds.TokenSeed seed, Instant now) {
    PaymentToken token = tokens.newToken(seed.id(), seed.merchantId(), now);
    tokens.useCard(token, seed.pan(), seed.expiry(), now);
    token.blocked = token.blocked || seed.blocked();
    token.testMode = true;
    tokens.move(token, TokenStatus.CREATED, now);
    switch (seed.status()) {
      case ACTIVE, REVOKED -> {
        token.resultCode = "Success";
        tokens.move(token, TokenStatus.ACTIVE, now);
        if (seed.status() == TokenStatus.REVOKED) {
          tokens.move(token, TokenStatus.REVOKED, now);
        }
      }
      case DECLINED ->
          tokens.decline(
              token, seed.resultCode() == null ? "TransactionDeclined" : seed.resultCode(), now);
      case CREATED -> {
        // waits for the complete call
      }
    }
    token.callbackUrl = seed.callbackUrl();
    return token;
  }

  /** A receipt of a payment that took or holds money, in the seed's status. */
  Receipt receipt(Seeds.ReceiptSeed seed, Instant now) {
    Payment payment = existing(seed.paymentId());
    Receipt receipt =
        receipts.create(
            payment, seed.type(), seed.amount() == null ? payment.amount : seed.amount(), now);
    if (seed.status() != ReceiptStatus.PENDING) {
      receipts.finish(receipt, seed.status(), now);
    }
    return receipt;
  }

  private Payment existing(String paymentId) {
    Payment payment = paymentId == null ? null : work.store.payments.get(paymentId);
    if (payment == null) {
      throw Refused.notFound("payment");
    }
    return payment;
  }

  Sticker sticker(Seeds.StickerSeed seed, Instant now) {
    Sticker sticker = stickers.create(seed.id(), seed.merchantId(), seed.draft(), now);
    sticker.active = seed.active();
    return sticker;
  }
}
