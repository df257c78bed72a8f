package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.server.ActionsForJava;

/**
 * What the bank, the issuer or the passing of time would do, done now from a test: a late answer
 * given, a refund settled or rejected, a card blocked, an invoice or a confirmation step expired.
 * Each goes through the same rules as the service's own course of events, callbacks included.
 *
 * @see Sandbox#bank()
 */
public final class Bank {
  private final ActionsForJava actions;

  Bank(ActionsForJava actions) {
    this.actions = actions;
  }

  /**
   * The bank approves a payment that waits, Pending, for its late answer.
   *
   * @throws java.util.NoSuchElementException when there is no such payment
   * @throws IllegalStateException when the payment does not wait for the bank
   */
  public void approve(String paymentId) {
    actions.bankAnswersPayment(paymentId, true);
  }

  /** The bank declines a payment that waits for its late answer. */
  public void decline(String paymentId) {
    actions.bankAnswersPayment(paymentId, false);
  }

  /**
   * An invoice's payer, or a payment's confirmation step, is waited for no longer: the payment is
   * declined with {@code PaymentExpired} now, as when its deadline passes.
   */
  public void expire(String paymentId) {
    actions.expire(paymentId);
  }

  /**
   * The bank carries out a pending refund now.
   *
   * @throws IllegalStateException when the refund is no longer Pending
   */
  public void settleRefund(String refundId) {
    actions.bankAnswersRefund(refundId, true);
  }

  /** The bank refuses a pending refund now; its money is refundable again. */
  public void rejectRefund(String refundId) {
    actions.bankAnswersRefund(refundId, false);
  }

  /**
   * The issuer blocks the token's card for now: charges with it are refused with {@code
   * payment_token_blocked} until {@link #unblockToken}.
   */
  public void blockToken(String tokenId) {
    actions.setTokenBlocked(tokenId, true);
  }

  public void unblockToken(String tokenId) {
    actions.setTokenBlocked(tokenId, false);
  }
}
