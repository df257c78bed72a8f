package com.merchantpay.sandbox.internal.domain;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The rules of payment tokens: made from a card (waiting, Created, for the customer's approval), on
 * the hosted tokenization page, or while paying (Active at once); completed, revoked, and charged
 * only while Active and not blocked.
 */
final class Tokens {
  private final Workspace work;

  Tokens(Workspace work) {
    this.work = work;
  }

  PaymentToken startTokenization(
      String merchantId, boolean testMode, String callbackUrl, Instant now) {
    PaymentToken token = newToken(merchantId, now);
    token.testMode = testMode;
    token.callbackUrl = callbackUrl;
    move(token, TokenStatus.CREATED, now);
    return token;
  }

  PaymentToken create(
      String merchantId,
      boolean testMode,
      String callbackUrl,
      String pan,
      String expiry,
      Instant now) {
    PaymentToken token = newToken(merchantId, now);
    token.testMode = testMode;
    token.callbackUrl = callbackUrl;
    useCard(token, pan, expiry, now);
    token.confirmation =
        Confirmations.external(
            work.baseUrl + "/tokenize/" + token.id,
            "Open paymentUrl and approve or decline storing the card.");
    move(token, TokenStatus.CREATED, now);
    return token;
  }

  /** The token a payment names, if the merchant may charge it now. */
  PaymentToken chargeable(String merchantId, String tokenId) {
    PaymentToken token = work.store.tokens.get(tokenId);
    if (token == null || !token.merchantId.equals(merchantId)) {
      throw Refused.notFound("payment token");
    }
    if (token.status == TokenStatus.REVOKED) {
      throw Refused.tokenRevoked();
    }
    if (token.blocked) {
      throw Refused.tokenBlocked();
    }
    if (token.status != TokenStatus.ACTIVE) {
      throw Refused.notNow(
          "The payment token is " + token.status.wire() + "; only an Active token can be charged.");
    }
    return token;
  }

  /**
   * Finishes the token's External step with the answer the customer obtained there, checked as a
   * payment's step answer is: none at all is refused, a failing one declines the token. An Active
   * token is left as it is.
   */
  void complete(PaymentToken token, Function<String, String> answers, Instant now) {
    switch (token.status) {
      case REVOKED -> throw Refused.tokenRevoked();
      case ACTIVE -> {
        // already done: completing again changes nothing
      }
      case CREATED -> {
        if (token.awaitingCard()) {
          throw Refused.notNow("The customer has not entered a card on the tokenization page yet.");
        }
        List<String> given = new ArrayList<>();
        for (ConfirmationStep step : ConfirmationStep.values()) {
          String value = step.answerMember() == null ? null : answers.apply(step.answerMember());
          if (value != null && !value.isEmpty()) {
            given.add(step.answerMember());
          }
        }
        if (given.isEmpty()) {
          throw Refused.invalid(
              ConfirmationStep.SmsOtp.answerMember(),
              "a value is required to answer the token's "
                  + "External step (the code the customer obtained; threeDSCompInd, cres or PARes are accepted too)");
        }
        if (given.stream()
            .anyMatch(member -> MagicCards.failsAuthentication(member, answers.apply(member)))) {
          decline(token, "ThreeDSecureFailed", now);
        } else {
          finish(token, true, now);
        }
      }
      default ->
          throw Refused.notNow(
              "The payment token is " + token.status.wire() + " and cannot be completed.");
    }
  }

  /**
   * Revokes the token, or refuses: a revoked one is revoked already, a declined one never worked.
   */
  void revoke(PaymentToken token, Instant now) {
    switch (token.status) {
      case REVOKED -> throw Refused.tokenRevoked();
      case DECLINED -> throw Refused.notNow("A Declined payment token cannot be revoked.");
      default -> {
        token.confirmation = null;
        move(token, TokenStatus.REVOKED, now);
      }
    }
  }

  /**
   * The issuer blocks the token's card for now, or lifts the block; charges are refused meanwhile.
   */
  void setBlocked(PaymentToken token, boolean blocked, Instant now) {
    if (token.status == TokenStatus.REVOKED || token.status == TokenStatus.DECLINED) {
      throw Refused.notNow(
          "A " + token.status.wire() + " payment token cannot be blocked or unblocked.");
    }
    token.blocked = blocked;
    token.updated = now;
  }

  void cardEntered(PaymentToken token, String pan, String expiry, Instant now) {
    Payments.requireState(token.awaitingCard(), "payment token", token.id);
    useCard(token, pan, expiry, now);
    finish(token, true, now);
  }

  void customerDecided(PaymentToken token, boolean approve, Instant now) {
    Payments.requireState(
        token.status == TokenStatus.CREATED && (!approve || !token.awaitingCard()),
        "payment token",
        token.id);
    finish(token, approve, now);
  }

  /** The token a payment made while paying with a card and asking for one: Active at once. */
  PaymentToken fromPayment(Payment payment, Instant now) {
    PaymentToken token = newToken(payment.merchantId, now);
    String title = payment.instrumentTitle;
    token.title = MagicCards.brand(title) + " *" + title.substring(title.length() - 4);
    token.instrumentTitle = title;
    token.cardInfo = payment.cardInfo;
    token.behaviour = payment.behaviour.afterApproval();
    token.blocked = payment.behaviour.tokenBlocked();
    token.expires = now.plus(Duration.ofDays(3 * 365));
    token.testMode = payment.testMode;
    token.callbackUrl = payment.tokenCallbackUrl;
    token.resultCode = "Success";
    move(token, TokenStatus.ACTIVE, now);
    return token;
  }

  PaymentToken newToken(String id, String merchantId, Instant now) {
    PaymentToken token = new PaymentToken(id == null ? work.ids.token() : id, merchantId, now);
    work.store.add(token);
    return token;
  }

  private PaymentToken newToken(String merchantId, Instant now) {
    return newToken(null, merchantId, now);
  }

  void useCard(PaymentToken token, String pan, String expiry, Instant now) {
    token.behaviour = MagicCards.forCard(pan, expiry, now);
    token.blocked = token.behaviour.tokenBlocked();
    token.title = MagicCards.brand(pan) + " *" + pan.substring(pan.length() - 4);
    token.instrumentTitle = MagicCards.mask(pan);
    token.cardInfo = CardInfo.of(pan);
    YearMonth month = MagicCards.expiryMonth(expiry);
    token.expires =
        month == null ? null : month.atEndOfMonth().atTime(23, 59, 59).toInstant(ZoneOffset.UTC);
  }

  /** The token becomes Active, or Declined when the customer refused or the card declines. */
  void finish(PaymentToken token, boolean approve, Instant now) {
    String decline =
        !approve
            ? "CancelledByUser"
            : token.behaviour.declineCode() != null
                ? token.behaviour.declineCode()
                : token.behaviour.declineAfterPending();
    if (decline != null) {
      decline(token, decline, now);
      return;
    }
    token.confirmation = null;
    token.resultCode = "Success";
    move(token, TokenStatus.ACTIVE, now);
  }

  void decline(PaymentToken token, String resultCode, Instant now) {
    token.confirmation = null;
    token.resultCode = resultCode;
    Lifecycle.check(token.status, TokenStatus.DECLINED);
    // The merchant learns of a declined token from the complete call or the page, not from a
    // callback.
    token.status = TokenStatus.DECLINED;
    token.updated = now;
  }

  /**
   * The one place a token's status changes, told to the merchant when a callback address is set.
   */
  void move(PaymentToken token, TokenStatus status, Instant now) {
    Lifecycle.check(token.status, status);
    token.status = status;
    token.updated = now;
    if (token.callbackUrl != null && status != TokenStatus.CREATED) {
      work.tokenChanged(token, token.callbackUrl);
    }
  }
}
