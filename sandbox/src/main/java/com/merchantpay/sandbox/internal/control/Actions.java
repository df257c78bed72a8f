package com.merchantpay.sandbox.internal.control;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.MagicCards;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentToken;
import com.merchantpay.sandbox.internal.domain.Refund;
import com.merchantpay.sandbox.internal.domain.Refused;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.v2.V2Api;
import com.merchantpay.sandbox.internal.v2.V2Views;
import java.time.Instant;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What the payer, the issuer or the bank would do, done now by a test, each answered with the
 * resource as the v2 interface then shows it. For the control API and the Java API alike: a refusal
 * is an {@link ApiError} (404 for an unknown resource, 409 for a state that does not allow it).
 */
public final class Actions {
  private final Core core;

  public Actions(Core core) {
    this.core = core;
  }

  /** The payer passes or fails the confirmation step the payment waits for. */
  public ObjectNode payerConfirms(String paymentId, boolean approve) {
    return onPayment(
        paymentId, (payment, now) -> core.simulation().payerConfirms(payment, approve, now));
  }

  /** The payer pays an invoice with this card on its page. */
  public ObjectNode payerPaysInvoice(String paymentId, String pan, String expiry) {
    if (!MagicCards.luhnValid(pan)) {
      // The page refuses a mistyped number before anything happens, as a real payment page does.
      throw ApiError.validation("pan: fails the Luhn check");
    }
    return onPayment(paymentId, (payment, now) -> core.payInvoice(payment, pan, expiry, now));
  }

  public ObjectNode payerAbandonsInvoice(String paymentId) {
    return onPayment(paymentId, (payment, now) -> core.abandonInvoice(payment, now));
  }

  /** The invoice's payer, or the confirmation step, is waited for no longer. */
  public ObjectNode expire(String paymentId) {
    return onPayment(paymentId, (payment, now) -> core.simulation().expire(payment, now));
  }

  /** The bank gives its late answer to a pending payment now. */
  public ObjectNode bankAnswersPayment(String paymentId, boolean approve) {
    return onPayment(
        paymentId, (payment, now) -> core.simulation().bankAnswers(payment, approve, now));
  }

  /** The bank settles or rejects a pending refund now. */
  public ObjectNode bankAnswersRefund(String refundId, boolean approve) {
    return act(
        now -> {
          Refund refund = existing(core.refund(refundId), "refund");
          core.simulation().answerRefund(refund, !approve, now);
          return V2Views.refund(refund, true);
        });
  }

  /** The issuer blocks the token's card for now, or lifts the block. */
  public ObjectNode setTokenBlocked(String tokenId, boolean blocked) {
    return act(
        now -> {
          PaymentToken token = existing(core.token(tokenId), "payment token");
          core.simulation().setTokenBlocked(token, blocked, now);
          return V2Views.token(token);
        });
  }

  private ObjectNode onPayment(String paymentId, BiConsumer<Payment, Instant> action) {
    return act(
        now -> {
          Payment payment = existing(core.payment(paymentId), "payment");
          action.accept(payment, now);
          return V2Views.payment(payment, core.token(payment.createdTokenId()));
        });
  }

  private ObjectNode act(Function<Instant, ObjectNode> action) {
    try {
      return core.transact(action);
    } catch (Refused e) {
      throw V2Api.error(e);
    }
  }

  private static <R> R existing(R resource, String what) {
    if (resource == null) {
      throw ApiError.notFound("No " + what + " with this identifier.");
    }
    return resource;
  }
}
