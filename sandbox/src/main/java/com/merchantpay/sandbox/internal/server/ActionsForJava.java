package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.control.Actions;
import com.merchantpay.sandbox.internal.http.ApiError;
import java.util.NoSuchElementException;
import java.util.function.Supplier;

/**
 * The payer's and the bank's actions for the Java API, with its exceptions: an unknown resource is
 * a {@link NoSuchElementException}, a state that does not allow the action an {@link
 * IllegalStateException}, a value the action cannot take an {@link IllegalArgumentException}; each
 * with the sandbox's own message.
 */
public final class ActionsForJava {
  private final Actions actions;

  ActionsForJava(Actions actions) {
    this.actions = actions;
  }

  public void payerConfirms(String paymentId, boolean approve) {
    run(() -> actions.payerConfirms(paymentId, approve));
  }

  public void payerPaysInvoice(String paymentId, String pan, String expiry) {
    run(() -> actions.payerPaysInvoice(paymentId, pan, expiry));
  }

  public void payerAbandonsInvoice(String paymentId) {
    run(() -> actions.payerAbandonsInvoice(paymentId));
  }

  public void expire(String paymentId) {
    run(() -> actions.expire(paymentId));
  }

  public void bankAnswersPayment(String paymentId, boolean approve) {
    run(() -> actions.bankAnswersPayment(paymentId, approve));
  }

  public void bankAnswersRefund(String refundId, boolean approve) {
    run(() -> actions.bankAnswersRefund(refundId, approve));
  }

  public void setTokenBlocked(String tokenId, boolean blocked) {
    run(() -> actions.setTokenBlocked(tokenId, blocked));
  }

  private static void run(Supplier<?> action) {
    try {
      action.get();
    } catch (ApiError e) {
      String message =
          e.errors().isEmpty()
              ? e.getMessage()
              : e.getMessage() + " " + String.join("; ", e.errors());
      switch (e.response().status()) {
        case 404 -> throw new NoSuchElementException(message);
        case 409 -> throw new IllegalStateException(message);
        default -> throw new IllegalArgumentException(message);
      }
    }
  }
}
