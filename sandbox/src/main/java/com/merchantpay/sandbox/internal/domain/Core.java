package com.merchantpay.sandbox.internal.domain;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.Retention;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one door to the service's rules, shared by both interfaces, the hosted pages and the control
 * API. It holds the lock, the store and what time does to pending work; the rules themselves live
 * in one class per resource ({@link Payments}, {@link Refunds}, {@link Tokens}, {@link Receipts},
 * {@link Stickers}); what a test makes happen in their place is {@link Simulation}.
 *
 * <p>Callers work inside {@link #transact}, which holds one lock for the whole change (no half-made
 * resource is ever visible) and first settles whatever fell due. A change either completes, and its
 * notices go to the {@link StatusListener} once the lock is released, or it throws, and then every
 * resource it made is gone, every resource it touched is as it was, and nobody is told of it. The
 * methods that change a resource say so to the {@link Workspace} before the rules touch it; they
 * refuse with {@link Refused} and nothing else.
 */
public final class Core {
  /** Finished resources are looked for to forget at most this often, in sandbox time. */
  private static final Duration EXPIRY_INTERVAL = Duration.ofSeconds(1);

  private final ReentrantLock lock = new ReentrantLock();
  private final SandboxClock clock;
  private final StatusListener listener;
  private final Store store;
  private final Workspace work;
  private final Payments payments;
  private final Refunds refunds;
  private final Tokens tokens;
  private final Receipts receipts;
  private final Stickers stickers;
  private final Simulation simulation;
  private Instant lastExpiry;

  public Core(
      IdSource ids,
      SandboxClock clock,
      String baseUrl,
      Retention retention,
      StatusListener listener) {
    this.clock = clock;
    this.listener = listener;
    this.store = new Store(retention);
    this.work = new Workspace(store, ids, baseUrl, listener);
    this.tokens = new Tokens(work);
    this.receipts = new Receipts(work);
    this.payments = new Payments(work, tokens, receipts);
    this.refunds = new Refunds(work, receipts);
    this.stickers = new Stickers(work);
    this.simulation =
        new Simulation(
            work,
            payments,
            refunds,
            tokens,
            new Seeding(work, payments, refunds, tokens, receipts, stickers));
  }

  /** Where the hosted pages live: the sandbox's own address. */
  public String baseUrl() {
    return work.baseUrl;
  }

  /**
   * Runs {@code work} under the lock at the sandbox's current time, after settling what fell due;
   * the listener hears of the changes once the lock is released. When {@code work} throws, what it
   * changed is undone and the exception passes on.
   */
  public <T> T transact(Function<Instant, T> change) {
    List<StatusListener.Notice> kept = new ArrayList<>();
    lock.lock();
    try {
      Instant now = clock.now();
      kept.addAll(keptOrUndone(() -> runDue(now)));
      T result = change.apply(now);
      kept.addAll(work.keep());
      return result;
    } catch (RuntimeException | Error e) {
      work.undo();
      throw e;
    } finally {
      lock.unlock();
      if (!kept.isEmpty()) {
        listener.deliver(kept);
      }
    }
  }

  private List<StatusListener.Notice> keptOrUndone(Runnable change) {
    try {
      change.run();
      return work.keep();
    } catch (RuntimeException | Error e) {
      work.undo();
      throw e;
    }
  }

  /**
   * Settles whatever is due now: pending payments, expired steps and invoices, refunds, receipts.
   */
  public void settleDue() {
    transact(now -> null);
  }

  /**
   * Forgets every resource, without settling what fell due first (nobody is to hear of it), and
   * runs {@code alsoForget} under the same lock, so that no change falls between the two.
   */
  public void clear(Runnable alsoForget) {
    lock.lock();
    try {
      store.clear();
      lastExpiry = null;
      alsoForget.run();
    } finally {
      lock.unlock();
    }
  }

  /**
   * How many resources of each kind are kept, and how many were forgotten to stay within the
   * retention.
   */
  public Map<String, Map<String, Long>> counts() {
    lock.lock();
    try {
      return Map.of("kept", store.counts(), "forgotten", store.forgotten());
    } finally {
      lock.unlock();
    }
  }

  private void runDue(Instant now) {
    for (Payment payment : new ArrayList<>(store.timedPayments)) {
      if (!now.isBefore(payment.deadline)) {
        work.touch(payment);
        payments.deadlinePassed(payment, now);
      }
    }
    for (Refund refund : new ArrayList<>(store.pendingRefunds)) {
      if (!now.isBefore(refund.due)) {
        work.touch(refund);
        refunds.settle(refund, now);
      }
    }
    for (Receipt receipt : new ArrayList<>(store.pendingReceipts)) {
      if (!now.isBefore(receipt.due)) {
        work.touch(receipt);
        receipts.finish(receipt, ReceiptStatus.SUCCESS, now);
      }
    }
    if (lastExpiry == null || !now.isBefore(lastExpiry.plus(EXPIRY_INTERVAL))) {
      store.expire(now);
      lastExpiry = now;
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

  /**
   * The payment with this id if it belongs to the merchant; another merchant's payment looks
   * absent.
   */
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

  private static <R> R owned(
      R record, String merchantId, Function<R, String> merchantOf, String what) {
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
    return payments.openInvoice(draft, now);
  }

  /**
   * Makes a direct payment and takes it as far as it goes on its own: a confirmation step, the
   * bank's late answer, or the authorization result.
   */
  public Payment pay(PaymentDraft draft, Instrument instrument, Instant now) {
    return payments.pay(draft, instrument, now);
  }

  /**
   * Passes the payment's confirmation step with the merchant's answer; an answer that fails
   * authentication declines the payment.
   *
   * @param answers the complete call's text members by name
   */
  public void completeStep(Payment payment, Function<String, String> answers, Instant now) {
    work.touch(payment);
    payments.completeStep(payment, answers, now);
  }

  /** The payer approved or declined on the page of an External step. */
  public void payerDecided(Payment payment, boolean approve, Instant now) {
    work.touch(payment);
    payments.payerDecided(payment, approve, now);
  }

  /** The payer entered a card on an invoice's page; the page runs any 3-D Secure step itself. */
  public void payInvoice(Payment payment, String pan, String expiry, Instant now) {
    work.touch(payment);
    payments.payInvoice(payment, pan, expiry, now);
  }

  /** The payer left an invoice's page with Cancel. */
  public void abandonInvoice(Payment payment, Instant now) {
    work.touch(payment);
    payments.abandonInvoice(payment, now);
  }

  /** The payer paid on a sticker's page with a card; the page runs any 3-D Secure step itself. */
  public Payment payBySticker(
      Sticker sticker, BigDecimal amount, String pan, String expiry, Instant now) {
    return payments.payBySticker(sticker, amount, pan, expiry, now);
  }

  /** Takes {@code amount} of the held money; a receipt given here replaces the payment's. */
  public void capture(Payment payment, BigDecimal amount, ObjectNode receipt, Instant now) {
    work.touch(payment);
    payments.capture(payment, amount, receipt, now);
  }

  /** Refuses unless the payment holds money a cancellation could release. */
  public void requireCancellable(Payment payment) {
    Payments.requireHeld(payment, "cancelled");
  }

  /** Releases the held money; {@code v1Reason} is the v1 caller's code, if any. */
  public void cancel(Payment payment, Integer v1Reason, Instant now) {
    work.touch(payment);
    payments.cancel(payment, v1Reason, now);
  }

  // ---------------------------------------------------------------- refunds

  /** What remains refundable: captured money minus refunds that are pending or went through. */
  public BigDecimal refundable(Payment payment) {
    return refunds.refundable(payment);
  }

  /**
   * Starts returning {@code amount}; the refund is Pending until the bank answers. A receipt given
   * here makes a refund receipt.
   */
  public Refund refund(
      Payment payment, BigDecimal amount, String externalId, ObjectNode receipt, Instant now) {
    return refunds.start(null, payment, amount, externalId, receipt != null, now, now);
  }

  // ---------------------------------------------------------------- tokens

  /**
   * Starts hosted tokenization: the token waits, Created, for the customer's card on the sandbox's
   * page.
   */
  public PaymentToken startTokenization(
      String merchantId, boolean testMode, String callbackUrl, Instant now) {
    return tokens.startTokenization(merchantId, testMode, callbackUrl, now);
  }

  /**
   * Makes a token from a card; it stays Created until the customer approves on its External step.
   */
  public PaymentToken createToken(
      String merchantId,
      boolean testMode,
      String callbackUrl,
      String pan,
      String expiry,
      Instant now) {
    return tokens.create(merchantId, testMode, callbackUrl, pan, expiry, now);
  }

  /**
   * Finishes the token's External step with the customer's answer.
   *
   * @param answers the complete call's text members by name
   */
  public void completeToken(PaymentToken token, Function<String, String> answers, Instant now) {
    work.touch(token);
    tokens.complete(token, answers, now);
  }

  public void revoke(PaymentToken token, Instant now) {
    work.touch(token);
    tokens.revoke(token, now);
  }

  /** The customer entered a card on the hosted tokenization page. */
  public void tokenCardEntered(PaymentToken token, String pan, String expiry, Instant now) {
    work.touch(token);
    tokens.cardEntered(token, pan, expiry, now);
  }

  /** The customer approved or declined storing the card on the token's page. */
  public void tokenDecided(PaymentToken token, boolean approve, Instant now) {
    work.touch(token);
    tokens.customerDecided(token, approve, now);
  }

  // ---------------------------------------------------------------- receipts and stickers

  /**
   * Sends a receipt for the payment to the fiscal register; it is Pending until the register
   * answers.
   */
  public Receipt createReceipt(Payment payment, Receipt.Type type, BigDecimal amount, Instant now) {
    return receipts.create(payment, type, amount, now);
  }

  public Sticker createSticker(String merchantId, StickerDraft draft, Instant now) {
    return stickers.create(null, merchantId, draft, now);
  }

  public void setStickerActive(Sticker sticker, boolean active, Instant now) {
    work.touch(sticker);
    stickers.setActive(sticker, active, now);
  }

  /** What a test makes happen that the payer, the bank or the service's past would otherwise. */
  public Simulation simulation() {
    return simulation;
  }
}
