package com.merchantpay.sandbox.internal.domain;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.Retention;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The service's rules, shared by both interfaces, the hosted pages and the control API: the lifecycles of
 * payments, refunds, tokens, receipts and stickers, the money each operation may move, and what time does
 * to pending work. It is the only code that changes a resource, and every status change passes
 * {@link Lifecycle}.
 *
 * <p>Callers work inside {@link #transact}, which holds one lock for the whole change (no half-made
 * resource is ever visible), first settles whatever fell due, and tells the {@link StatusListener} when the
 * change is complete. Operations are short, so one lock costs nothing measurable.
 */
public final class Core {
  static final Duration PENDING_DELAY = Duration.ofSeconds(60);
  static final Duration REFUND_DELAY = Duration.ofSeconds(10);
  static final Duration RECEIPT_DELAY = Duration.ofSeconds(5);
  static final Duration CONFIRMATION_TIMEOUT = Duration.ofMinutes(15);
  /** Finished resources are looked for to forget at most this often, in sandbox time. */
  private static final Duration EXPIRY_INTERVAL = Duration.ofSeconds(1);

  private final ReentrantLock lock = new ReentrantLock();
  private final Store store;
  private final IdSource ids;
  private final SandboxClock clock;
  private final String baseUrl;
  private final StatusListener listener;
  private Instant lastExpiry;

  public Core(IdSource ids, SandboxClock clock, String baseUrl, Retention retention, StatusListener listener) {
    this.store = new Store(retention);
    this.ids = ids;
    this.clock = clock;
    this.baseUrl = baseUrl;
    this.listener = listener;
  }

  /** Where the hosted pages live: the sandbox's own address. */
  public String baseUrl() {
    return baseUrl;
  }

  /**
   * Runs {@code work} under the lock at the sandbox's current time, after settling what fell due; the
   * listener hears of the changes once the lock is released.
   */
  public <T> T transact(Function<Instant, T> work) {
    lock.lock();
    try {
      Instant now = clock.now();
      runDue(now);
      return work.apply(now);
    } finally {
      lock.unlock();
      listener.committed();
    }
  }

  /** Settles whatever is due now: pending payments, expired steps and invoices, refunds, receipts. */
  public void settleDue() {
    transact(now -> null);
  }

  /** Forgets every resource. */
  public void clear() {
    lock.lock();
    try {
      store.clear();
      lastExpiry = null;
    } finally {
      lock.unlock();
    }
  }

  /** How many resources of each kind are kept, and how many were forgotten to stay within the retention. */
  public Map<String, Map<String, Long>> counts() {
    lock.lock();
    try {
      return Map.of("kept", store.counts(), "forgotten", store.forgotten());
    } finally {
      lock.unlock();
    }
  }

  // ---------------------------------------------------------------- lookups

  public Payment payment(String id) {
    return id == null ? null : store.payments.get(id);
  }

  public Refund refund(String id) {
    return id == null ? null : store.refunds.get(id);
  }

  public PaymentToken token(String id) {
    return id == null ? null : store.tokens.get(id);
  }

  public Receipt receipt(String id) {
    return id == null ? null : store.receipts.get(id);
  }

  public Sticker sticker(String id) {
    return id == null ? null : store.stickers.get(id);
  }

  /** The payment with this id if it belongs to the merchant; another merchant's payment looks absent. */
  public Payment ownedPayment(String merchantId, String id) {
    return owned(payment(id), merchantId, Payment::merchantId, "payment");
  }

  public Refund ownedRefund(String merchantId, String id) {
    return owned(refund(id), merchantId, Refund::merchantId, "refund");
  }

  public PaymentToken ownedToken(String merchantId, String id) {
    return owned(token(id), merchantId, PaymentToken::merchantId, "payment token");
  }

  public Receipt ownedReceipt(String merchantId, String id) {
    return owned(receipt(id), merchantId, Receipt::merchantId, "receipt");
  }

  public Sticker ownedSticker(String merchantId, String id) {
    return owned(sticker(id), merchantId, Sticker::merchantId, "sticker");
  }

  private static <R> R owned(R record, String merchantId, Function<R, String> merchantOf, String what) {
    if (record == null || !merchantOf.apply(record).equals(merchantId)) {
      throw Refused.notFound(what);
    }
    return record;
  }

  /** Payments in list order (creation time, then id). */
  public List<Payment> payments(Predicate<Payment> filter) {
    return Store.ordered(store.payments.values(), filter, Payment::created, Payment::id);
  }

  public List<Refund> refunds(Predicate<Refund> filter) {
    return Store.ordered(store.refunds.values(), filter, Refund::created, Refund::id);
  }

  /** The receipts of one payment in list order. */
  public List<Receipt> receiptsOf(String paymentId, Predicate<Receipt> filter) {
    return Store.ordered(store.receiptsOf(paymentId), filter, Receipt::created, Receipt::id);
  }

  public List<Sticker> stickers(Predicate<Sticker> filter) {
    return Store.ordered(store.stickers.values(), filter, Sticker::created, Sticker::id);
  }

  // ---------------------------------------------------------------- payments

  /** Opens an invoice: a payment that waits, Pending, for its payer on the hosted page. */
  public Payment openInvoice(PaymentDraft draft, Instant now) {
    Payment payment = newPayment(draft.merchantId(), draft.amount(), draft.currency(), Payment.Source.INVOICE, now);
    apply(payment, draft);
    payment.awaitingPayer = true;
    changeStatus(payment, PaymentStatus.PENDING, now);
    return payment;
  }

  /**
   * Makes a direct payment and takes it as far as it goes on its own: a confirmation step, a pending wait,
   * or the authorization result.
   *
   * @throws Refused when the token or sticker it names cannot be charged
   */
  public Payment pay(PaymentDraft draft, Instrument instrument, Instant now) {
    // Everything that can refuse the call is checked before anything is created.
    PaymentToken token = instrument instanceof Instrument.StoredToken stored ? chargeableToken(draft, stored) : null;
    Sticker sticker = instrument instanceof Instrument.StickerLink link ? payableSticker(draft, link) : null;

    Payment payment = newPayment(draft.merchantId(), draft.amount(), draft.currency(), Payment.Source.DIRECT, now);
    apply(payment, draft);
    if (token != null) {
      payment.chargedTokenId = token.id;
      payment.paymentMethod = orDefault(payment.paymentMethod, PaymentMethods.BANKCARD);
      payment.instrumentTitle = token.instrumentTitle;
      payment.cardInfo = token.cardInfo;
      // A stored token is charged without the payer, so it never asks for a confirmation.
      MagicCards.Behaviour b = token.behaviour;
      payment.behaviour = new MagicCards.Behaviour(b.declineCode(), List.of(), b.pending(), b.declineAfterPending(),
          b.tokenBlocked(), b.refundsRejected());
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
      payment.instrumentTitle = who.length() > 6 ? who.substring(0, 4) + "***" + who.substring(who.length() - 2) : who;
      payerApproves(payment);
    }
    // An authorization code alone leaves nothing to decide on: the payment is approved.
    proceed(payment, now);
    return payment;
  }

  private PaymentToken chargeableToken(PaymentDraft draft, Instrument.StoredToken stored) {
    PaymentToken token = store.tokens.get(stored.tokenId());
    if (token == null || !token.merchantId.equals(draft.merchantId())) {
      throw Refused.notFound("payment token");
    }
    if (token.status == TokenStatus.REVOKED) {
      throw Refused.tokenRevoked();
    }
    if (token.blocked) {
      throw Refused.tokenBlocked();
    }
    if (token.status != TokenStatus.ACTIVE) {
      throw Refused.conflict("The payment token is " + token.status.wire() + "; only an Active token can be charged.");
    }
    return token;
  }

  private Sticker payableSticker(PaymentDraft draft, Instrument.StickerLink link) {
    Sticker sticker = store.stickers.get(link.stickerId());
    if (sticker == null || !sticker.merchantId.equals(draft.merchantId())) {
      throw Refused.notFound("sticker");
    }
    if (!sticker.active) {
      throw Refused.conflict("The sticker is inactive.");
    }
    if (!Boolean.TRUE.equals(sticker.cashlink)) {
      throw Refused.conflict("Only a cashlink sticker takes payments through paymentData.stickerId.");
    }
    if (sticker.amount != null
        && (sticker.amount.compareTo(draft.amount()) != 0 || !sticker.currency.equals(draft.currency()))) {
      throw Refused.invalid("amount: must equal the sticker's amount " + sticker.amount.toPlainString() + " "
          + sticker.currency);
    }
    return sticker;
  }

  private static void payerApproves(Payment payment) {
    payment.behaviour = new MagicCards.Behaviour(null, List.of(ConfirmationStep.External), false, null, false, false);
    payment.nextSteps.clear();
    payment.nextSteps.add(ConfirmationStep.External);
  }

  private static String orDefault(String value, String fallback) {
    return value == null ? fallback : value;
  }

  private Payment newPayment(String merchantId, BigDecimal amount, String currency, Payment.Source source,
      Instant now) {
    Payment payment = new Payment(ids.payment(), merchantId, now, amount, currency, source);
    store.add(payment);
    return payment;
  }

  private static void apply(Payment payment, PaymentDraft draft) {
    payment.dualMode = draft.dualMode();
    payment.testMode = draft.testMode();
    payment.invoice = draft.invoice() == null ? null : draft.invoice().deepCopy();
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

  /** Records the card on the payment; the caller then calls {@link #proceed}. */
  private void useCard(Payment payment, String pan, String expiry, Instant now) {
    payment.behaviour = MagicCards.forCard(pan, expiry, now);
    payment.paymentMethod = orDefault(payment.paymentMethod, PaymentMethods.BANKCARD);
    payment.instrumentTitle = MagicCards.mask(pan);
    payment.cardInfo = CardInfo.of(pan);
    payment.nextSteps.clear();
    payment.nextSteps.addAll(payment.behaviour.steps());
  }

  /** Moves a payment on: the next confirmation step, a pending wait, or the authorization result. */
  private void proceed(Payment payment, Instant now) {
    if (payment.behaviour.declineCode() != null) {
      reject(payment, payment.behaviour.declineCode(), now);
      return;
    }
    if (!payment.nextSteps.isEmpty()) {
      enterConfirmation(payment, payment.nextSteps.poll(), now);
      return;
    }
    if (payment.behaviour.pending() && payment.pendingDue == null) {
      payment.confirmation = null;
      payment.pendingDue = now.plus(PENDING_DELAY);
      changeStatus(payment, PaymentStatus.PENDING, now);
      return;
    }
    authorize(payment, now);
  }

  private void authorize(Payment payment, Instant now) {
    payment.confirmation = null;
    payment.confirmationDeadline = null;
    payment.awaitingPayer = false;
    String decline = payment.behaviour.pending() ? payment.behaviour.declineAfterPending() : null;
    if (decline != null) {
      reject(payment, decline, now);
      return;
    }
    payment.resultCode = "Success";
    payment.message = "Approved";
    if (payment.tokenization != null && payment.createdTokenId == null && payment.cardInfo != null) {
      tokenFromPayment(payment, now);
    }
    if (payment.dualMode) {
      changeStatus(payment, PaymentStatus.AUTHORIZED, now);
    } else {
      payment.captured = payment.amount;
      payment.completed = now;
      changeStatus(payment, PaymentStatus.SETTLED, now);
      if (payment.receipt != null) {
        newReceipt(payment, Receipt.Type.PAYMENT, payment.amount, now);
      }
    }
  }

  private void reject(Payment payment, String resultCode, Instant now) {
    payment.confirmation = null;
    payment.confirmationDeadline = null;
    payment.nextSteps.clear();
    payment.awaitingPayer = false;
    payment.pendingDue = null;
    payment.resultCode = resultCode;
    payment.message = "Declined by the sandbox: " + resultCode;
    payment.completed = now;
    changeStatus(payment, PaymentStatus.REJECTED, now);
  }

  private void enterConfirmation(Payment payment, ConfirmationStep step, Instant now) {
    payment.confirmation = confirmation(step, payment);
    payment.confirmationDeadline = now.plus(CONFIRMATION_TIMEOUT);
    changeStatus(payment, PaymentStatus.CONFIRMATION, now);
  }

  /**
   * Passes the payment's confirmation step with the merchant's answer; an answer that fails
   * authentication declines the payment.
   *
   * @param answers the complete call's text members by name
   * @throws Refused when the payment waits for no step the merchant answers, or the answer is missing
   */
  public void completeStep(Payment payment, Function<String, String> answers, Instant now) {
    if (payment.status != PaymentStatus.CONFIRMATION) {
      throw Refused.conflict("Only a payment waiting for a confirmation can be completed; this one is "
          + payment.status.wire() + ".");
    }
    ConfirmationStep step = payment.confirmation.type();
    if (step == ConfirmationStep.External) {
      throw Refused.conflict("An External step is finished by the payer on its paymentUrl, not here.");
    }
    String member = step.answerMember();
    String value = answers.apply(member);
    if (value == null || value.isEmpty()) {
      throw Refused.invalid(member + ": a value is required to answer a " + step.name() + " step");
    }
    if (MagicCards.failsAuthentication(member, value)) {
      reject(payment, "ThreeDSecureFailed", now);
    } else {
      proceed(payment, now);
    }
  }

  /** The payer approved or declined on the page of an External step. */
  public void payerDecided(Payment payment, boolean approve, Instant now) {
    requireState(payment.awaitsExternalStep(), "payment", payment.id);
    if (!approve) {
      reject(payment, "CancelledByUser", now);
      return;
    }
    payment.nextSteps.clear();
    payment.confirmation = null;
    proceed(payment, now);
  }

  /** The payer entered a card on an invoice's page; the page runs any 3-D Secure step itself. */
  public void payInvoice(Payment payment, String pan, String expiry, Instant now) {
    requireState(payment.awaitingPayer, "payment", payment.id);
    useCard(payment, pan, expiry, now);
    payment.nextSteps.clear();
    payment.awaitingPayer = false;
    proceed(payment, now);
  }

  /** The payer left an invoice's page with Cancel. */
  public void abandonInvoice(Payment payment, Instant now) {
    requireState(payment.awaitingPayer, "payment", payment.id);
    reject(payment, "CancelledByUser", now);
  }

  /** The payer paid on a sticker's page with a card; the page runs any 3-D Secure step itself. */
  public Payment payBySticker(Sticker sticker, BigDecimal amount, String pan, String expiry, Instant now) {
    requireState(sticker.active, "sticker", sticker.id);
    Payment payment = newPayment(sticker.merchantId, amount, sticker.currency == null ? "RUB" : sticker.currency,
        Payment.Source.STICKER_PAGE, now);
    payment.stickerId = sticker.id;
    payment.invoice = JsonNodeFactory.instance.objectNode();
    if (sticker.paymentPurpose != null) {
      payment.invoice.put("description", sticker.paymentPurpose);
    }
    useCard(payment, pan, expiry, now);
    payment.nextSteps.clear();
    proceed(payment, now);
    return payment;
  }

  /** Whether {@link #capture} would take this amount, and if not, why. */
  public Refusal checkCapture(Payment payment, BigDecimal amount) {
    if (payment.status != PaymentStatus.AUTHORIZED) {
      return payment.status.isClosed() ? Refusal.CANCELLED : Refusal.NOT_HELD;
    }
    return amount.compareTo(payment.amount) > 0 ? Refusal.EXCEEDS : Refusal.NONE;
  }

  /** Takes {@code amount} of the held money, or says why not; a receipt given here replaces the payment's. */
  public Refusal capture(Payment payment, BigDecimal amount, ObjectNode receipt, Instant now) {
    Refusal refusal = checkCapture(payment, amount);
    if (refusal != Refusal.NONE) {
      return refusal;
    }
    payment.captured = amount;
    payment.completed = now;
    if (receipt != null) {
      payment.receipt = receipt.deepCopy();
    }
    changeStatus(payment, PaymentStatus.SETTLED, now);
    if (payment.receipt != null) {
      newReceipt(payment, Receipt.Type.PAYMENT, amount, now);
    }
    return Refusal.NONE;
  }

  /** Whether {@link #cancel} would release the payment's money, and if not, why. */
  public Refusal checkCancel(Payment payment) {
    if (payment.status == PaymentStatus.AUTHORIZED) {
      return Refusal.NONE;
    }
    return payment.status.isClosed() ? Refusal.CANCELLED : Refusal.NOT_HELD;
  }

  /** Releases the held money, or says why not; {@code v1Reason} is the v1 caller's code, if any. */
  public Refusal cancel(Payment payment, Integer v1Reason, Instant now) {
    Refusal refusal = checkCancel(payment);
    if (refusal != Refusal.NONE) {
      return refusal;
    }
    payment.v1CancelCode = v1Reason;
    payment.completed = now;
    changeStatus(payment, PaymentStatus.CANCELLED, now);
    return Refusal.NONE;
  }

  private void changeStatus(Payment payment, PaymentStatus status, Instant now) {
    Lifecycle.check(payment.status, status);
    payment.status = status;
    payment.updated = now;
    payment.version++;
    boolean timed = (status == PaymentStatus.PENDING && payment.pendingDue != null)
        || (status == PaymentStatus.CONFIRMATION && payment.confirmationDeadline != null)
        || (payment.awaitingPayer && payment.invoiceExpires != null);
    if (timed) {
      store.timedPayments.add(payment);
    } else {
      store.timedPayments.remove(payment);
    }
    String url = payment.callbackUrl;
    Sticker sticker = payment.stickerId == null ? null : store.stickers.get(payment.stickerId);
    if (sticker != null && sticker.callbackUrl != null) {
      url = sticker.callbackUrl;
    }
    if (url != null) {
      listener.paymentChanged(payment, url);
    }
  }

  private Confirmation confirmation(ConfirmationStep step, Payment payment) {
    return switch (step) {
      case SmsOtp -> new Confirmation(step, maskedPhone(payment.phone), null, null, null, null, null, null, null,
          null);
      case ThreeDSMethod -> new Confirmation(step, null, baseUrl + "/acs/method", ids.uuid(), null, null, null, null,
          null, null);
      case ThreeDSChallenge -> {
        String creq = "{\"threeDSServerTransID\":\"" + ids.uuid()
            + "\",\"messageType\":\"CReq\",\"messageVersion\":\"2.2.0\"}";
        yield new Confirmation(step, null, null, null, baseUrl + "/acs/challenge",
            Base64.getUrlEncoder().withoutPadding().encodeToString(creq.getBytes(StandardCharsets.UTF_8)), null, null,
            null, null);
      }
      case ThreeDSv1 -> new Confirmation(step, null, null, null, baseUrl + "/acs/3ds1", null,
          Base64.getEncoder().encodeToString(("sandbox-pareq-" + payment.id + "-" + ids.hex(16))
              .getBytes(StandardCharsets.UTF_8)), null, null, null);
      case External -> Confirmation.external(baseUrl + "/pay/" + payment.id,
          "Open paymentUrl and approve or decline the payment.");
    };
  }

  static String maskedPhone(String phone) {
    String digits = phone == null ? "" : phone.replaceAll("[^0-9]", "");
    if (digits.length() < 6) {
      digits = "79000000000";
    }
    return "+" + digits.charAt(0) + " " + digits.substring(1, 4) + " ***-**-" + digits.substring(digits.length() - 2);
  }

  // ---------------------------------------------------------------- refunds

  /** What remains refundable: captured money minus refunds that are pending or went through. */
  public BigDecimal refundable(Payment payment) {
    if (payment.status != PaymentStatus.SETTLED || payment.captured == null) {
      return BigDecimal.ZERO;
    }
    BigDecimal left = payment.captured;
    for (Refund refund : store.refundsOf(payment.id)) {
      if (refund.status != RefundStatus.REJECTED) {
        left = left.subtract(refund.amount);
      }
    }
    return left;
  }

  public Refusal checkRefund(Payment payment, BigDecimal amount) {
    if (payment.status.isClosed()) {
      return Refusal.CANCELLED;
    }
    if (payment.status != PaymentStatus.SETTLED) {
      return Refusal.NOT_CHARGED;
    }
    return amount.compareTo(refundable(payment)) > 0 ? Refusal.EXCEEDS : Refusal.NONE;
  }

  /**
   * Starts returning {@code amount}; the refund is Pending until the bank answers. A receipt given here
   * makes a refund receipt.
   *
   * @throws IllegalStateException when {@link #checkRefund} refuses
   */
  public Refund refund(Payment payment, BigDecimal amount, String externalId, ObjectNode receipt, Instant now) {
    return refund(null, payment, amount, externalId, receipt != null, now, now);
  }

  private Refund refund(String id, Payment payment, BigDecimal amount, String externalId, boolean withReceipt,
      Instant created, Instant now) {
    if (checkRefund(payment, amount) != Refusal.NONE) {
      throw new IllegalStateException("refund not allowed: " + checkRefund(payment, amount));
    }
    Refund refund = new Refund(id == null ? ids.refund() : id, payment.id, payment.merchantId, created, amount,
        payment.currency, externalId);
    Lifecycle.check(null, RefundStatus.PENDING);
    refund.status = RefundStatus.PENDING;
    refund.due = now.plus(REFUND_DELAY);
    store.add(refund);
    store.pendingRefunds.add(refund);
    if (withReceipt) {
      newReceipt(payment, Receipt.Type.REFUND, amount, now);
    }
    return refund;
  }

  private void settleRefund(Refund refund, boolean reject, Instant now) {
    RefundStatus status = reject ? RefundStatus.REJECTED : RefundStatus.SUCCESS;
    Lifecycle.check(refund.status, status);
    refund.status = status;
    refund.resultCode = reject ? "TransactionDeclined" : "Success";
    refund.v1ErrorCode = reject ? -10 : null;
    refund.errorDesc = reject ? "The issuer refused the refund (sandbox test card)" : null;
    refund.due = null;
    refund.updated = now;
    store.pendingRefunds.remove(refund);
  }

  // ---------------------------------------------------------------- tokens

  /** Starts hosted tokenization: the token waits, Created, for the customer's card on the sandbox's page. */
  public PaymentToken startTokenization(String merchantId, boolean testMode, String callbackUrl, Instant now) {
    PaymentToken token = newToken(merchantId, now);
    token.awaitingCard = true;
    token.testMode = testMode;
    token.callbackUrl = callbackUrl;
    changeStatus(token, TokenStatus.CREATED, now);
    return token;
  }

  /** Makes a token from a card; it stays Created until the customer approves on its External step. */
  public PaymentToken createToken(String merchantId, boolean testMode, String callbackUrl, String pan, String expiry,
      Instant now) {
    PaymentToken token = newToken(merchantId, now);
    token.testMode = testMode;
    token.callbackUrl = callbackUrl;
    useCard(token, pan, expiry, now);
    token.confirmation = Confirmation.external(baseUrl + "/tokenize/" + token.id,
        "Open paymentUrl and approve or decline storing the card.");
    changeStatus(token, TokenStatus.CREATED, now);
    return token;
  }

  /**
   * Finishes the token's External step with the answer the customer obtained there, checked as a payment's
   * step answer is: none at all is refused, a failing one declines the token. An Active token is left as it is.
   *
   * @param answers the complete call's text members by name
   */
  public void completeToken(PaymentToken token, Function<String, String> answers, Instant now) {
    switch (token.status) {
      case REVOKED -> throw Refused.tokenRevoked();
      case ACTIVE -> {
        // already done: completing again changes nothing
      }
      case CREATED -> {
        if (token.awaitingCard) {
          throw Refused.conflict("The customer has not entered a card on the tokenization page yet.");
        }
        List<String> given = new ArrayList<>();
        for (ConfirmationStep step : ConfirmationStep.values()) {
          String value = step.answerMember() == null ? null : answers.apply(step.answerMember());
          if (value != null && !value.isEmpty()) {
            given.add(step.answerMember());
          }
        }
        if (given.isEmpty()) {
          throw Refused.invalid("code: a value is required to answer the token's External step (the code the "
              + "customer obtained; threeDSCompInd, cres or PARes are accepted too)");
        }
        if (given.stream().anyMatch(member -> MagicCards.failsAuthentication(member, answers.apply(member)))) {
          declineToken(token, "ThreeDSecureFailed", now);
        } else {
          finishToken(token, true, now);
        }
      }
      default -> throw Refused.conflict("The payment token is " + token.status.wire() + " and cannot be completed.");
    }
  }

  /** Revokes the token, or refuses: a revoked one is revoked already, a declined one never worked. */
  public void revoke(PaymentToken token, Instant now) {
    switch (token.status) {
      case REVOKED -> throw Refused.tokenRevoked();
      case DECLINED -> throw Refused.conflict("A Declined payment token cannot be revoked.");
      default -> {
        token.confirmation = null;
        changeStatus(token, TokenStatus.REVOKED, now);
      }
    }
  }

  /** The customer entered a card on the hosted tokenization page. */
  public void tokenCardEntered(PaymentToken token, String pan, String expiry, Instant now) {
    requireState(token.status == TokenStatus.CREATED && token.awaitingCard, "payment token", token.id);
    useCard(token, pan, expiry, now);
    finishToken(token, true, now);
  }

  /** The customer approved or declined storing the card on the token's page. */
  public void tokenDecided(PaymentToken token, boolean approve, Instant now) {
    requireState(token.status == TokenStatus.CREATED && (!approve || !token.awaitingCard), "payment token", token.id);
    finishToken(token, approve, now);
  }

  private PaymentToken newToken(String merchantId, Instant now) {
    PaymentToken token = new PaymentToken(ids.token(), merchantId, now);
    store.add(token);
    return token;
  }

  private void useCard(PaymentToken token, String pan, String expiry, Instant now) {
    token.behaviour = MagicCards.forCard(pan, expiry, now);
    token.blocked = token.behaviour.tokenBlocked();
    token.title = MagicCards.brand(pan) + " *" + pan.substring(pan.length() - 4);
    token.instrumentTitle = MagicCards.mask(pan);
    token.cardInfo = CardInfo.of(pan);
    YearMonth month = MagicCards.expiryMonth(expiry);
    token.expires = month == null ? null : month.atEndOfMonth().atTime(23, 59, 59).toInstant(ZoneOffset.UTC);
  }

  /** The token becomes Active, or Declined when the customer refused or the card declines. */
  private void finishToken(PaymentToken token, boolean approve, Instant now) {
    String decline = !approve ? "CancelledByUser"
        : token.behaviour.declineCode() != null ? token.behaviour.declineCode()
        : token.behaviour.declineAfterPending();
    if (decline != null) {
      declineToken(token, decline, now);
      return;
    }
    token.confirmation = null;
    token.awaitingCard = false;
    token.resultCode = "Success";
    changeStatus(token, TokenStatus.ACTIVE, now);
  }

  private void declineToken(PaymentToken token, String resultCode, Instant now) {
    token.confirmation = null;
    token.awaitingCard = false;
    token.resultCode = resultCode;
    Lifecycle.check(token.status, TokenStatus.DECLINED);
    // The merchant learns of a declined token from the complete call or the page, not from a callback.
    token.status = TokenStatus.DECLINED;
    token.updated = now;
  }

  private void tokenFromPayment(Payment payment, Instant now) {
    PaymentToken token = newToken(payment.merchantId, now);
    String title = payment.instrumentTitle;
    token.title = MagicCards.brand(title) + " *" + title.substring(title.length() - 4);
    token.instrumentTitle = title;
    token.cardInfo = payment.cardInfo;
    token.behaviour = new MagicCards.Behaviour(null, List.of(), false, null,
        payment.behaviour.tokenBlocked(), payment.behaviour.refundsRejected());
    token.blocked = payment.behaviour.tokenBlocked();
    token.expires = now.plus(Duration.ofDays(3 * 365));
    token.testMode = payment.testMode;
    token.callbackUrl = payment.tokenCallbackUrl;
    token.resultCode = "Success";
    payment.createdTokenId = token.id;
    changeStatus(token, TokenStatus.ACTIVE, now);
  }

  private void changeStatus(PaymentToken token, TokenStatus status, Instant now) {
    Lifecycle.check(token.status, status);
    token.status = status;
    token.updated = now;
    if (token.callbackUrl != null && status != TokenStatus.CREATED) {
      listener.tokenChanged(token, token.callbackUrl);
    }
  }

  // ---------------------------------------------------------------- receipts

  /**
   * Sends a receipt for the payment to the fiscal register; it is Pending until the register answers.
   *
   * @throws Refused when the payment neither took nor holds money
   */
  public Receipt createReceipt(Payment payment, Receipt.Type type, BigDecimal amount, Instant now) {
    if (payment.status != PaymentStatus.SETTLED && payment.status != PaymentStatus.AUTHORIZED) {
      throw Refused.conflict("A receipt needs a payment that took or holds money; this one is "
          + payment.status.wire() + ".");
    }
    return newReceipt(payment, type, amount, now);
  }

  private Receipt newReceipt(Payment payment, Receipt.Type type, BigDecimal amount, Instant now) {
    Receipt receipt = new Receipt(ids.receipt(), payment.id, payment.merchantId, now, amount, payment.currency, type);
    Lifecycle.check(null, ReceiptStatus.PENDING);
    receipt.status = ReceiptStatus.PENDING;
    receipt.due = now.plus(RECEIPT_DELAY);
    store.add(receipt);
    store.pendingReceipts.add(receipt);
    return receipt;
  }

  /** The fiscal register answered: Success with fiscal data, or Rejected or Cancelled without. */
  private void finishReceipt(Receipt receipt, ReceiptStatus status, Instant now) {
    Lifecycle.check(receipt.status, status);
    receipt.status = status;
    receipt.due = null;
    receipt.updated = now;
    store.pendingReceipts.remove(receipt);
    if (status == ReceiptStatus.SUCCESS) {
      receipt.providerOperationId = "ofd-" + ids.digits(8);
      receipt.fiscalData = new FiscalData("000000000" + ids.digits(7),
          Integer.toString(1 + Integer.parseInt(ids.digits(2))),
          Integer.toString(1 + Integer.parseInt(ids.digits(3))),
          Integer.toString(10000 + Integer.parseInt(ids.digits(4))),
          ids.digits(10), now);
    }
  }

  // ---------------------------------------------------------------- stickers

  public Sticker createSticker(String merchantId, StickerDraft draft, Instant now) {
    return newSticker(null, merchantId, draft, now);
  }

  public void setStickerActive(Sticker sticker, boolean active, Instant now) {
    sticker.active = active;
    sticker.updated = now;
  }

  private Sticker newSticker(String id, String merchantId, StickerDraft draft, Instant now) {
    String stickerId = id == null ? ids.sticker() : id;
    Sticker sticker = new Sticker(stickerId, merchantId, now, draft, baseUrl + "/sticker/" + stickerId);
    store.add(sticker);
    return sticker;
  }

  // ---------------------------------------------------------------- time

  private void runDue(Instant now) {
    for (Payment payment : new ArrayList<>(store.timedPayments)) {
      if (payment.status == PaymentStatus.PENDING && payment.pendingDue != null && !now.isBefore(payment.pendingDue)) {
        authorize(payment, now);
      } else if (payment.status == PaymentStatus.CONFIRMATION && payment.confirmationDeadline != null
          && !now.isBefore(payment.confirmationDeadline)) {
        reject(payment, "PaymentExpired", now);
      } else if (payment.awaitingPayer && payment.invoiceExpires != null && !now.isBefore(payment.invoiceExpires)) {
        payment.invoiceExpired = true;
        reject(payment, "PaymentExpired", now);
      }
    }
    for (Refund refund : new ArrayList<>(store.pendingRefunds)) {
      if (refund.due != null && !now.isBefore(refund.due)) {
        Payment payment = store.payments.get(refund.paymentId);
        settleRefund(refund, payment != null && payment.behaviour.refundsRejected(), now);
      }
    }
    for (Receipt receipt : new ArrayList<>(store.pendingReceipts)) {
      if (receipt.due != null && !now.isBefore(receipt.due)) {
        finishReceipt(receipt, ReceiptStatus.SUCCESS, now);
      }
    }
    if (lastExpiry == null || !now.isBefore(lastExpiry.plus(EXPIRY_INTERVAL))) {
      store.expire(now);
      lastExpiry = now;
    }
  }

  // ---------------------------------------------------------------- resources made in a given state

  /**
   * Makes a payment in the seed's status by the same steps the service would take to reach it, at the
   * seed's creation time; deadlines of a waiting payment run from now. Its callback address is set
   * afterwards, so only later changes are called back.
   */
  public Payment seedPayment(Seeds.PaymentSeed seed, Instant now) {
    Instant at = seed.created() == null ? now : seed.created();
    Payment payment = new Payment(seed.id() == null ? ids.payment() : seed.id(), seed.merchantId(), at, seed.amount(),
        seed.currency(), Payment.Source.CONTROL);
    store.add(payment);
    payment.testMode = seed.testMode();
    payment.invoice = seed.invoice() == null ? null : seed.invoice().deepCopy();
    useCard(payment, seed.pan(), null, at);
    payment.nextSteps.clear();
    MagicCards.Behaviour card = payment.behaviour;
    switch (seed.status()) {
      case AUTHORIZED, SETTLED, CANCELLED -> {
        // The state asked for wins over what the card would do; what it does later (refunds) stays.
        payment.behaviour = new MagicCards.Behaviour(null, List.of(), false, null, card.tokenBlocked(),
            card.refundsRejected());
        payment.dualMode = seed.status() != PaymentStatus.SETTLED || seed.dualMode();
        authorize(payment, at);
        if (seed.status() == PaymentStatus.SETTLED && payment.status == PaymentStatus.AUTHORIZED) {
          capture(payment, payment.amount, null, at);
        } else if (seed.status() == PaymentStatus.CANCELLED) {
          cancel(payment, null, at);
        }
      }
      case REJECTED -> reject(payment, seed.resultCode() == null ? "TransactionDeclined" : seed.resultCode(), at);
      case CONFIRMATION -> {
        enterConfirmation(payment, seed.confirmationType() == null ? ConfirmationStep.SmsOtp
            : seed.confirmationType(), at);
        payment.confirmationDeadline = now.plus(CONFIRMATION_TIMEOUT);
      }
      case PENDING -> {
        if (seed.awaitingPayer()) {
          payment.awaitingPayer = true;
        } else {
          payment.behaviour = new MagicCards.Behaviour(card.declineCode(), List.of(), true, card.declineAfterPending(),
              false, card.refundsRejected());
          payment.pendingDue = now.plus(PENDING_DELAY);
        }
        changeStatus(payment, PaymentStatus.PENDING, at);
      }
    }
    payment.callbackUrl = seed.callbackUrl();
    return payment;
  }

  /**
   * Makes a refund of a settled payment in the seed's status.
   *
   * @throws Refused when the payment could not be refunded this amount
   */
  public Refund seedRefund(Seeds.RefundSeed seed, Instant now) {
    Payment payment = payment(seed.paymentId());
    BigDecimal amount = seed.amount() == null ? refundable(payment) : seed.amount();
    switch (checkRefund(payment, amount.signum() > 0 ? amount : BigDecimal.ONE)) {
      case NONE -> {
        // refundable
      }
      case EXCEEDS -> throw Refused.invalid("amount.value: must not exceed the refundable amount "
          + refundable(payment).toPlainString());
      default -> throw Refused.conflict("Only a Settled payment can be refunded; this one is "
          + payment.status.wire() + ".");
    }
    Instant at = seed.created() == null ? now : seed.created();
    Refund refund = refund(seed.id(), payment, amount, seed.externalId(), false, at, now);
    if (seed.status() != RefundStatus.PENDING) {
      settleRefund(refund, seed.status() == RefundStatus.REJECTED, at);
    }
    return refund;
  }

  /** Makes a token from the seed's card in the seed's status; its callback address is set afterwards. */
  public PaymentToken seedToken(Seeds.TokenSeed seed, Instant now) {
    PaymentToken token = new PaymentToken(seed.id() == null ? ids.token() : seed.id(), seed.merchantId(), now);
    store.add(token);
    useCard(token, seed.pan(), seed.expiry(), now);
    token.blocked = token.blocked || seed.blocked();
    token.testMode = true;
    changeStatus(token, TokenStatus.CREATED, now);
    switch (seed.status()) {
      case ACTIVE, REVOKED -> {
        token.resultCode = "Success";
        changeStatus(token, TokenStatus.ACTIVE, now);
        if (seed.status() == TokenStatus.REVOKED) {
          changeStatus(token, TokenStatus.REVOKED, now);
        }
      }
      case DECLINED -> declineToken(token, seed.resultCode() == null ? "TransactionDeclined" : seed.resultCode(), now);
      case CREATED -> {
        // waits for the complete call
      }
    }
    token.callbackUrl = seed.callbackUrl();
    return token;
  }

  /**
   * Makes a receipt of a payment that took or holds money, in the seed's status.
   *
   * @throws Refused when the payment neither took nor holds money
   */
  public Receipt seedReceipt(Seeds.ReceiptSeed seed, Instant now) {
    Payment payment = payment(seed.paymentId());
    Receipt receipt = createReceipt(payment, seed.type(), seed.amount() == null ? payment.amount : seed.amount(), now);
    if (seed.status() != ReceiptStatus.PENDING) {
      finishReceipt(receipt, seed.status(), now);
    }
    return receipt;
  }

  public Sticker seedSticker(Seeds.StickerSeed seed, Instant now) {
    Sticker sticker = newSticker(seed.id(), seed.merchantId(), seed.draft(), now);
    sticker.active = seed.active();
    return sticker;
  }

  private static void requireState(boolean allowed, String what, String id) {
    if (!allowed) {
      throw Refused.conflict("The " + what + " " + id + " takes no such action in its current state.");
    }
  }
}
