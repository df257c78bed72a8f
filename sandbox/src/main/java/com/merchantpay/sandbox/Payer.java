package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.server.ActionsForJava;
import java.util.Objects;

/**
 * What the payer does, done from a test instead of through a hosted page: pass or fail a
 * confirmation step, pay or abandon an invoice. Each goes through the same rules as the pages.
 *
 * @see Sandbox#payer()
 */
public final class Payer {
  private final ActionsForJava actions;

  Payer(ActionsForJava actions) {
    this.actions = actions;
  }

  /**
   * Passes the confirmation step the payment waits for, whatever its kind (an SMS code, a 3-D
   * Secure challenge, a bank app or the sandbox's External page): the payment goes on as after a
   * passing answer.
   *
   * @throws java.util.NoSuchElementException when there is no such payment
   * @throws IllegalStateException when the payment waits for no confirmation step
   */
  public void passConfirmation(String paymentId) {
    actions.payerConfirms(paymentId, true);
  }

  /**
   * Fails the step: the payment is declined, with {@code ThreeDSecureFailed} ({@code
   * CancelledByUser} on an External step).
   *
   * @throws java.util.NoSuchElementException when there is no such payment
   * @throws IllegalStateException when the payment waits for no confirmation step
   */
  public void failConfirmation(String paymentId) {
    actions.payerConfirms(paymentId, false);
  }

  /**
   * Pays an invoice with this card on its page; the card decides what happens, as in {@code GET
   * /_sandbox/config}'s test cards.
   *
   * @param expiry MM/YY
   * @throws IllegalArgumentException when the card number or expiry is malformed
   * @throws IllegalStateException when the invoice no longer waits for its payer
   */
  public void payInvoice(String paymentId, String pan, String expiry) {
    Objects.requireNonNull(pan, "pan");
    if (!pan.matches("[0-9]{12,19}")
        || expiry == null
        || !expiry.matches("(0[1-9]|1[0-2])/[0-9]{2}")) {
      throw new IllegalArgumentException(
          "a card number of 12 to 19 digits and an MM/YY expiry are needed");
    }
    actions.payerPaysInvoice(paymentId, pan, expiry);
  }

  /**
   * Leaves an invoice's page without paying: the invoice is declined with {@code CancelledByUser}.
   *
   * @throws IllegalStateException when the invoice no longer waits for its payer
   */
  public void abandonInvoice(String paymentId) {
    actions.payerAbandonsInvoice(paymentId);
  }
}
