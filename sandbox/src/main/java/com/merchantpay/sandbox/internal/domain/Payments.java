package com.merchantpay.sandbox.internal.domain;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * The rules of payments: how a payment is made and moves on (confirmation steps, the bank's late
 * answer, the payer on a hosted page), and the money a capture or a cancellation moves. Every
 * status change passes {@link Lifecycle}, together with what the payment then waits for.
 */
final class Payments {
  static final Duration PENDING_DELAY = Duration.ofSeconds(60);
  static final Duration CONFIRMATION_TIMEOUT = Duration.ofMinutes(15);

  private final Workspace work;
  private final Tokens tokens;
  private final Receipts receipts;

  Payments(Workspace work, Tokens tokens, Receipts receipts) {
    this.work = work;
    this.tokens = tokens;
    this.receipts = receipts;
  }

  Payment openInvoice(PaymentDraft draft, Instant now) {
    Payment payment =
        newPayment(
            draft.merchantId(), draft.amount(), draft.currency(), Payment.Source.INVOICE, now);
    apply(payment, draft);
    move(payment, PaymentStatus.PENDING, Payment.Waiting.PAYER, draft.invoiceExpires(), now);
    return payment;
  }

  Payment pay(PaymentDraft draft, Instrument instrument, Instant now) {
    // Everything that can refuse the call is checked before anything is made.
    PaymentToken token =
        instrument instanceof Instrument.StoredToken stored
            ? tokens.chargeable(draft.merchantId(), stored.tokenId())
            : null;
    Sticker sticker =
        instrument instanceof Instrument.StickerLink link ? payableSticker(draft, link) : null;

    Payment payment =
        newPayment(
            draft.merchantId(), draft.amount(), draft.currency(), Payment.Source.DIRECT, now);
    apply(payment, draft);
    if (token != null) {
      payment.chargedTokenId = token.id;
      payment.paymentMethod = orDefault(payment.paymentMethod, PaymentMethods.BANKCARD);
      payment.instrumentTitle = token.instrumentTitle;
      payment.cardInfo = token.cardInfo;
      // A stored token is charged without the payer, so it never asks for a confirmation.
      payment.behaviour = token.behaviour.withoutSteps();
      payment.tokenization = null;
    } else if (sticker != null) {
      payment.stickerId = sticker.id;
      payment.paymentMethod = orDefault(payment.paymentMethod, PaymentMethods.SBP);
      payerApproves(payment);
    } else if (instrument instanceof Instrument.Card card) {
      useCard(payment, card.pan(), card.expiry(), now);
    } else if (instrument instanceof Instrument.Dsrp dsrp) {
      payment.paymentMethod = orDefault(payment.paymentMethod, PaymentMethods.BANKCARD);
      payment.instrumentTitle = dsrp.type();
    } else if (instrument instanceof Instrument.PayerAccount account) {
      String who = account.phoneOrAccount();
      payment.instrumentTitle =
          who.length() > 6 ? who.substring(0, 4) + "***" + who.substring(who.length() - 2) : who;
      payerApproves(payment);
    }
    // An authorization code alone leaves nothing to decide on: the payment is approved.
    proceed(payment, now);
    return payment;
  }

  private Sticker payableSticker(PaymentDraft draft, Instrument.StickerLink link) {
    Sticker sticker = work.store.stickers.get(link.stickerId());
    if (sticker == null || !sticker.merchantId.equals(draft.merchantId())) {
      throw Refused.notFound("sticker");
    }
    if (!sticker.active) {
      throw Refused.notNow("The sticker is inactive.");
    }
    if (!Boolean.TRUE.equals(sticker.cashlink)) {
      throw Refused.notNow("Only a cashlink sticker takes payments made with its id.");
    }
    if (sticker.amount != null
        && (sticker.amount.compareTo(draft.amount()) != 0
            || !sticker.currency.equals(draft.currency()))) {
      throw Refused.invalid(
          Refused.AMOUNT,
          "must equal the sticker's amount "
              + sticker.amount.toPlainString()
              + " "
              + sticker.currency);
    }
    return sticker;
  }

  Payment payBySticker(Sticker sticker, BigDecimal amount, String pan, String expiry, Instant now) {
    requireState(sticker.active, "sticker", sticker.id);
    Payment payment =
        newPayment(
            sticker.merchantId,
            amount,
            sticker.currency == null ? "RUB" : sticker.currency,
            Payment.Source.STICKER_PAGE,
            now);
    payment.stickerId = sticker.id;
    ObjectNode invoice = JsonNodeFactory.instance.objectNode();
    if (sticker.paymentPurpose != null) {
      invoice.put("description", sticker.paymentPurpose);
    }
    payment.invoice = InvoiceText.of(invoice);
    useCard(payment, pan, expiry, now);
    // The page runs any 3-D Secure step itself.
    payment.nextSteps = List.of();
    proceed(payment, now);
    return payment;
  }

  /**
   * Passes the payment's confirmation step with the merchant's answer; an answer that fails
   * authentication declines the payment.
   */
  void completeStep(Payment payment, Function<String, String> answers, Instant now) {
    if (payment.waiting != Payment.Waiting.STEP) {
      throw Refused.byStatus(payment, "Only a payment waiting for a confirmation can be completed");
    }
    ConfirmationStep step = payment.confirmation.type();
    if (step == ConfirmationStep.External) {
      throw Refused.notNow("An External step is finished by the payer on its own page, not here.");
    }
    String member = step.answerMember();
    String value = answers.apply(member);
    if (value == null || value.isEmpty()) {
      throw Refused.invalid(member, "a value is required to answer a " + step.name() + " step");
    }
    if (MagicCards.failsAuthentication(member, value)) {
      reject(payment, "ThreeDSecureFailed", now);
    } else {
      proceed(payment, now);
    }
  }

  void payerDecided(Payment payment, boolean approve, Instant now) {
    requireState(payment.awaitsExternalStep(), "payment", payment.id);
    if (!approve) {
      reject(payment, "CancelledByUser", now);
      return;
    }
    payment.nextSteps = List.of();
    proceed(payment, now);
  }

  void payInvoice(Payment payment, String pan, String expiry, Instant now) {
    requireState(payment.awaitingPayer(), "payment", payment.id);
    useCard(payment, pan, expiry, now);
    // The page runs any 3-D Secure step itself.
    payment.nextSteps = List.of();
    proceed(payment, now);
  }

  void abandonInvoice(Payment payment, Instant now) {
    requireState(payment.awaitingPayer(), "payment", payment.id);
    reject(payment, "CancelledByUser", now);
  }

  void capture(Payment payment, BigDecimal amount, ObjectNode receipt, Instant now) {
    requireHeld(payment, "captured");
    if (amount.compareTo(payment.amount) > 0) {
      throw Refused.exceeds(payment.amount, "held amount");
    }
    payment.captured = amount;
    payment.completed = now;
    if (receipt != null) {
      payment.receipt = receipt.deepCopy();
    }
    move(payment, PaymentStatus.SETTLED, now);
    if (payment.receipt != null) {
      receipts.add(payment, Receipt.Type.PAYMENT, amount, now);
    }
  }

  /** Refuses unless the payment holds money a capture or a cancellation could move. */
  static void requireHeld(Payment payment, String done) {
    if (payment.status != PaymentStatus.AUTHORIZED) {
      throw Refused.byStatus(payment, "Only an Authorized payment can be " + done);
    }
  }

  void cancel(Payment payment, Integer v1Reason, Instant now) {
    requireHeld(payment, "cancelled");
    payment.v1CancelCode = v1Reason;
    payment.completed = now;
    move(payment, PaymentStatus.CANCELLED, now);
  }

  /**
   * The payer passes or fails the confirmation step the payment waits for, on whatever page the
   * step has (an issuer's challenge, a bank app, the sandbox's External page).
   */
  void payerConfirms(Payment payment, boolean approve, Instant now) {
    if (payment.waiting != Payment.Waiting.STEP) {
      throw Refused.byStatus(
          payment, "Only a payment waiting for a confirmation step has one to pass");
    }
    if (payment.confirmation.type() == ConfirmationStep.External) {
      payerDecided(payment, approve, now);
    } else if (approve) {
      proceed(payment, now);
    } else {
      reject(payment, "ThreeDSecureFailed", now);
    }
  }

  /**
   * The invoice's payer, or the confirmation step, is waited for no longer: the payment expires
   * now.
   */
  void expire(Payment payment, Instant now) {
    if (payment.waiting != Payment.Waiting.PAYER && payment.waiting != Payment.Waiting.STEP) {
      throw Refused.byStatus(
          payment, "Only a payment waiting for its payer or for a confirmation step can expire");
    }
    payment.lapsed = payment.waiting;
    reject(payment, "PaymentExpired", now);
  }

  /** The bank gives its late answer now instead of when the card would have it. */
  void bankAnswers(Payment payment, boolean approve, Instant now) {
    if (payment.waiting != Payment.Waiting.BANK) {
      throw Refused.byStatus(
          payment, "Only a payment waiting for the bank's answer can be answered");
    }
    if (approve) {
      payment.behaviour = payment.behaviour.afterApproval();
      authorize(payment, now);
    } else {
      String code = payment.behaviour.declineAfterPending();
      reject(payment, code == null ? "TransactionDeclined" : code, now);
    }
  }

  /** What time does to a payment whose deadline passed: the bank answers, or the wait lapses. */
  void deadlinePassed(Payment payment, Instant now) {
    if (payment.waiting == Payment.Waiting.BANK) {
      authorize(payment, now);
    } else {
      payment.lapsed = payment.waiting;
      reject(payment, "PaymentExpired", now);
    }
  }

  // ---------------------------------------------------------------- moving a payment on

  private Payment newPayment(
      String merchantId, BigDecimal amount, String currency, Payment.Source source, Instant now) {
    Payment payment = new Payment(work.ids.payment(), merchantId, now, amount, currency, source);
    work.store.add(payment);
    return payment;
  }

  /** Records the card on the payment; the caller then calls {@link #proceed}. */
  void useCard(Payment payment, String pan, String expiry, Instant now) {
    payment.behaviour = MagicCards.forCard(pan, expiry, now);
    payment.paymentMethod = orDefault(payment.paymentMethod, PaymentMethods.BANKCARD);
    payment.instrumentTitle = MagicCards.mask(pan);
    payment.cardInfo = CardInfo.of(pan);
    payment.nextSteps = payment.behaviour.steps();
  }

  /**
   * Moves a payment on: the next confirmation step, the bank's late answer, or the authorization
   * result.
   */
  private void proceed(Payment payment, Instant now) {
    if (payment.behaviour.declineCode() != null) {
      reject(payment, payment.behaviour.declineCode(), now);
    } else if (!payment.nextSteps.isEmpty()) {
      ConfirmationStep step = payment.nextSteps.get(0);
      payment.nextSteps = payment.nextSteps.subList(1, payment.nextSteps.size());
      enterConfirmation(payment, step, now.plus(CONFIRMATION_TIMEOUT), now);
    } else if (payment.behaviour.pending() && payment.waiting != Payment.Waiting.BANK) {
      payment.confirmation = null;
      move(payment, PaymentStatus.PENDING, Payment.Waiting.BANK, now.plus(PENDING_DELAY), now);
    } else {
      authorize(payment, now);
    }
  }

  void authorize(Payment payment, Instant now) {
    payment.confirmation = null;
    String decline = payment.behaviour.pending() ? payment.behaviour.declineAfterPending() : null;
    if (decline != null) {
      reject(payment, decline, now);
      return;
    }
    payment.resultCode = "Success";
    payment.message = "Approved";
    if (payment.tokenization != null
        && payment.createdTokenId == null
        && payment.cardInfo != null) {
      payment.createdTokenId = tokens.fromPayment(payment, now).id;
    }
    if (payment.dualMode) {
      move(payment, PaymentStatus.AUTHORIZED, now);
    } else {
      payment.captured = payment.amount;
      payment.completed = now;
      move(payment, PaymentStatus.SETTLED, now);
      if (payment.receipt != null) {
        receipts.add(payment, Receipt.Type.PAYMENT, payment.amount, now);
      }
    }
  }

  void reject(Payment payment, String resultCode, Instant now) {
    payment.confirmation = null;
    payment.nextSteps = List.of();
    payment.resultCode = resultCode;
    payment.message = "Declined by the sandbox: " + resultCode;
    payment.completed = now;
    move(payment, PaymentStatus.REJECTED, now);
  }

  void enterConfirmation(Payment payment, ConfirmationStep step, Instant deadline, Instant now) {
    payment.confirmation = Confirmations.of(step, payment, work);
    move(payment, PaymentStatus.CONFIRMATION, Payment.Waiting.STEP, deadline, now);
  }

  /** A move to a status that waits for nothing. */
  private void move(Payment payment, PaymentStatus status, Instant now) {
    move(payment, status, Payment.Waiting.NOTHING, null, now);
  }

  /**
   * The one place a payment's status changes: checked against {@link Lifecycle}, indexed by its
   * deadline, and told to the merchant when a callback address is set.
   */
  void move(
      Payment payment,
      PaymentStatus status,
      Payment.Waiting waiting,
      Instant deadline,
      Instant now) {
    Lifecycle.check(payment.status, status);
    Lifecycle.check(status, waiting);
    payment.status = status;
    payment.waiting = waiting;
    payment.deadline = deadline;
    payment.updated = now;
    payment.version = work.store.nextVersion();
    work.store.index(payment);
    String url = payment.callbackUrl;
    Sticker sticker = payment.stickerId == null ? null : work.store.stickers.get(payment.stickerId);
    if (sticker != null && sticker.callbackUrl != null) {
      url = sticker.callbackUrl;
    }
    if (url != null) {
      work.paymentChanged(payment, url);
    }
  }

  private static void payerApproves(Payment payment) {
    payment.behaviour = MagicCards.Behaviour.confirmedBy(ConfirmationStep.External);
    payment.nextSteps = payment.behaviour.steps();
  }

  private static String orDefault(String value, String fallback) {
    return value == null ? fallback : value;
  }

  private static void apply(Payment payment, PaymentDraft draft) {
    payment.dualMode = draft.dualMode();
    payment.testMode = draft.testMode();
    payment.invoice = InvoiceText.of(draft.invoice());
    payment.invoiceExpires = draft.invoiceExpires();
    payment.customerIp = draft.customerIp();
    payment.phone = draft.phone();
    payment.callbackUrl = draft.callbackUrl();
    payment.returnUrl = draft.returnUrl();
    payment.tokenization = draft.tokenization() == null ? null : draft.tokenization().deepCopy();
    payment.receipt = draft.receipt() == null ? null : draft.receipt().deepCopy();
    payment.paymentMethod = draft.paymentMethod();
    payment.tokenCallbackUrl = draft.tokenCallbackUrl();
  }

  static void requireState(boolean allowed, String what, String id) {
    if (!allowed) {
      throw Refused.notNow(
          "The " + what + " " + id + " takes no such action in its current state.");
    }
  }
}
