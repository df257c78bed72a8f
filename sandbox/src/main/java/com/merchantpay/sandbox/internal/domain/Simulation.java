package com.merchantpay.sandbox.internal.domain;

import java.time.Instant;

/**
 * What a test makes happen that, with the real service, the payer, the issuer or the bank would, or
 * the service's own past: a confirmation step passed or failed, an invoice expired, a late answer
 * given now, a refund answered, a card blocked, and resources made in a given state (provider
 * states). Each goes through the same rules as the interfaces, inside {@link Core#transact}, and
 * refuses with {@link Refused} what the state does not allow.
 */
public final class Simulation {
  private final Workspace work;
  private final Payments payments;
  private final Refunds refunds;
  private final Tokens tokens;
  private final Seeding seeding;

  Simulation(Workspace work, Payments payments, Refunds refunds, Tokens tokens, Seeding seeding) {
    this.work = work;
    this.payments = payments;
    this.refunds = refunds;
    this.tokens = tokens;
    this.seeding = seeding;
  }

  /** The payer passes or fails the confirmation step the payment waits for. */
  public void payerConfirms(Payment payment, boolean approve, Instant now) {
    work.touch(payment);
    payments.payerConfirms(payment, approve, now);
  }

  /** The payment stops waiting for its payer or its confirmation step: it expires now. */
  public void expire(Payment payment, Instant now) {
    work.touch(payment);
    payments.expire(payment, now);
  }

  /** The bank answers a payment waiting for it now. */
  public void bankAnswers(Payment payment, boolean approve, Instant now) {
    work.touch(payment);
    payments.bankAnswers(payment, approve, now);
  }

  /** The bank answers a pending refund now. */
  public void answerRefund(Refund refund, boolean reject, Instant now) {
    work.touch(refund);
    refunds.answer(refund, reject, now);
  }

  /** The issuer blocks the token's card for now, or lifts the block. */
  public void setTokenBlocked(PaymentToken token, boolean blocked, Instant now) {
    work.touch(token);
    tokens.setBlocked(token, blocked, now);
  }

  public Payment seedPayment(Seeds.PaymentSeed seed, Instant now) {
    return seeding.payment(seed, now);
  }

  public Refund seedRefund(Seeds.RefundSeed seed, Instant now) {
    return seeding.refund(seed, now);
  }

  public PaymentToken seedToken(Seeds.TokenSeed seed, Instant now) {
    return seeding.token(seed, now);
  }

  public Receipt seedReceipt(Seeds.ReceiptSeed seed, Instant now) {
    return seeding.receipt(seed, now);
  }

  public Sticker seedSticker(Seeds.StickerSeed seed, Instant now) {
    return seeding.sticker(seed, now);
  }
}
