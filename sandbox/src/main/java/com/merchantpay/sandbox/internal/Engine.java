package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Base64;

/**
 * The state machines of payments, refunds, tokens and receipts, shared by both interfaces, the hosted
 * pages and the control API. Every method expects the caller to hold the store lock; status changes put
 * their callbacks into the store's outbox.
 */
final class Engine {
  static final Duration PENDING_DELAY = Duration.ofSeconds(60);
  static final Duration REFUND_DELAY = Duration.ofSeconds(10);
  static final Duration RECEIPT_DELAY = Duration.ofSeconds(5);
  static final Duration CONFIRMATION_TIMEOUT = Duration.ofMinutes(15);

  /** Why money cannot be returned or taken; each interface maps it to its own error. */
  enum Refusal { NONE, NOT_CHARGED, CANCELLED, EXCEEDS, NOT_HELD }

  final Store store;
  final IdSource ids;
  private final String baseUrl;

  Engine(Store store, IdSource ids, String baseUrl) {
    this.store = store;
    this.ids = ids;
    this.baseUrl = baseUrl;
  }

  String baseUrl() {
    return baseUrl;
  }

  // ---------------------------------------------------------------- payments

  PaymentRecord newPayment(String merchantId, BigDecimal amount, String currency, PaymentRecord.Source source,
      Instant now) {
    PaymentRecord payment = new PaymentRecord(ids.payment(), merchantId, now, amount, currency, source);
    store.payments.put(payment.id, payment);
    return payment;
  }

  /** Records the card on the payment; the caller then calls {@link #proceed}. */
  void useCard(PaymentRecord payment, String pan, String expiry, Instant now) {
    payment.behaviour = MagicCards.forCard(pan, expiry, now);
    if (payment.paymentMethod == null) {
      payment.paymentMethod = PaymentMethods.BANKCARD;
    }
    payment.instrumentTitle = MagicCards.mask(pan);
    payment.cardInfo = cardInfo(pan);
    payment.nextSteps.clear();
    payment.nextSteps.addAll(payment.behaviour.steps());
  }

  /** Moves a payment on: the next confirmation step, a pending wait, or the authorization result. */
  void proceed(PaymentRecord payment, Instant now) {
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
      changeStatus(payment, "Pending", now);
      return;
    }
    authorize(payment, now);
  }

  private void authorize(PaymentRecord payment, Instant now) {
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
      createTokenFromPayment(payment, now);
    }
    if (payment.dualMode) {
      changeStatus(payment, "Authorized", now);
    } else {
      payment.captured = payment.amount;
      payment.completed = now;
      changeStatus(payment, "Settled", now);
      if (payment.receipt != null) {
        createReceipt(payment, "Payment", payment.amount, now);
      }
    }
  }

  void reject(PaymentRecord payment, String resultCode, Instant now) {
    payment.confirmation = null;
    payment.confirmationDeadline = null;
    payment.nextSteps.clear();
    payment.awaitingPayer = false;
    payment.pendingDue = null;
    payment.resultCode = resultCode;
    payment.message = "Declined by the sandbox: " + resultCode;
    payment.completed = now;
    changeStatus(payment, "Rejected", now);
  }

  void enterConfirmation(PaymentRecord payment, MagicCards.Step step, Instant now) {
    payment.confirmation = confirmation(step, payment);
    payment.confirmationDeadline = now.plus(CONFIRMATION_TIMEOUT);
    changeStatus(payment, "Confirmation", now);
  }

  /**
   * Passes the current confirmation step with the given answer.
   *
   * @return null when accepted, else the name of the body member the step needs
   */
  String complete(PaymentRecord payment, JsonNode answer, Instant now) {
    String type = payment.confirmation.path("type").asText();
    String field = answerField(type);
    String value = Json.str(answer, field);
    if (value == null || value.isEmpty()) {
      return field;
    }
    if (failing(field, value)) {
      reject(payment, "ThreeDSecureFailed", now);
    } else {
      proceed(payment, now);
    }
    return null;
  }

  static String answerField(String confirmationType) {
    return switch (confirmationType) {
      case "SmsOtp" -> "code";
      case "ThreeDSMethod" -> "threeDSCompInd";
      case "ThreeDSChallenge" -> "cres";
      case "ThreeDSv1" -> "PARes";
      default -> null;
    };
  }

  /** Whether the answer in a step's member is one of the test values that make the step fail. */
  static boolean failing(String answerMember, String value) {
    return switch (answerMember) {
      case "code" -> MagicCards.FAILING_OTP.equals(value);
      case "cres" -> MagicCards.FAILING_CRES.equals(value);
      case "PARes" -> MagicCards.FAILING_PARES.equals(value);
      default -> false;
    };
  }

  /** The payer finished (or refused) an External step or a hosted page. */
  void payerDecided(PaymentRecord payment, boolean approve, Instant now) {
    if (!approve) {
      reject(payment, "CancelledByUser", now);
      return;
    }
    payment.nextSteps.clear();
    payment.confirmation = null;
    proceed(payment, now);
  }

  Refusal checkCapture(PaymentRecord payment, BigDecimal amount) {
    if (!"Authorized".equals(payment.status)) {
      return "Cancelled".equals(payment.status) || "Rejected".equals(payment.status) ? Refusal.CANCELLED
          : Refusal.NOT_HELD;
    }
    return amount.compareTo(payment.amount) > 0 ? Refusal.EXCEEDS : Refusal.NONE;
  }

  void capture(PaymentRecord payment, BigDecimal amount, ObjectNode receipt, Instant now) {
    payment.captured = amount;
    payment.completed = now;
    if (receipt != null) {
      payment.receipt = receipt;
    }
    changeStatus(payment, "Settled", now);
    if (payment.receipt != null) {
      createReceipt(payment, "Payment", amount, now);
    }
  }

  void cancel(PaymentRecord payment, Integer v1Reason, Instant now) {
    payment.v1CancelCode = v1Reason;
    payment.completed = now;
    changeStatus(payment, "Cancelled", now);
  }

  void changeStatus(PaymentRecord payment, String status, Instant now) {
    payment.status = status;
    payment.updated = now;
    String url = payment.callbackUrl;
    if (payment.stickerId != null) {
      StickerRecord sticker = store.stickers.get(payment.stickerId);
      if (sticker != null && sticker.callbackUrl != null) {
        url = sticker.callbackUrl;
      }
    }
    if (url != null) {
      store.notify(new Store.Notification("payment.status", url, payment.id, Views.paymentNotification(payment)));
    }
  }

  ObjectNode confirmation(MagicCards.Step step, PaymentRecord payment) {
    ObjectNode node = Json.object();
    node.put("type", step.name());
    switch (step) {
      case SmsOtp -> node.put("maskedPhone", maskedPhone(payment.phone));
      case ThreeDSMethod -> {
        node.put("methodUrl", baseUrl + "/acs/method");
        node.put("transactionId", ids.uuid());
      }
      case ThreeDSChallenge -> {
        node.put("acsUrl", baseUrl + "/acs/challenge");
        String creq = "{\"threeDSServerTransID\":\"" + ids.uuid() + "\",\"messageType\":\"CReq\",\"messageVersion\":\"2.2.0\"}";
        node.put("creq", Base64.getUrlEncoder().withoutPadding().encodeToString(creq.getBytes(StandardCharsets.UTF_8)));
      }
      case ThreeDSv1 -> {
        node.put("acsUrl", baseUrl + "/acs/3ds1");
        node.put("PAReq", Base64.getEncoder().encodeToString(("sandbox-pareq-" + payment.id + "-" + ids.hex(16))
            .getBytes(StandardCharsets.UTF_8)));
      }
      case External -> {
        node.put("paymentUrl", baseUrl + "/pay/" + payment.id);
        node.put("universalLink", false);
        node.put("instruction", "Open paymentUrl and approve or decline the payment.");
      }
    }
    return node;
  }

  static String maskedPhone(String phone) {
    String digits = phone == null ? "" : phone.replaceAll("[^0-9]", "");
    if (digits.length() < 6) {
      digits = "79000000000";
    }
    return "+" + digits.charAt(0) + " " + digits.substring(1, 4) + " ***-**-" + digits.substring(digits.length() - 2);
  }

  static ObjectNode cardInfo(String pan) {
    ObjectNode info = Json.object();
    info.put("brand", MagicCards.brand(pan));
    info.put("issuer", "Sandbox Bank");
    info.put("country", "RU");
    info.put("type", "debit");
    info.put("category", "classic");
    return info;
  }

  // ---------------------------------------------------------------- refunds

  /** What remains refundable: captured money minus refunds that are pending or went through. */
  BigDecimal refundable(PaymentRecord payment) {
    if (!"Settled".equals(payment.status) || payment.captured == null) {
      return BigDecimal.ZERO;
    }
    BigDecimal left = payment.captured;
    for (RefundRecord refund : store.refunds.values()) {
      if (refund.paymentId.equals(payment.id) && !"Rejected".equals(refund.status)) {
        left = left.subtract(refund.amount);
      }
    }
    return left;
  }

  Refusal checkRefund(PaymentRecord payment, BigDecimal amount) {
    if ("Cancelled".equals(payment.status) || "Rejected".equals(payment.status)) {
      return Refusal.CANCELLED;
    }
    if (!"Settled".equals(payment.status)) {
      return Refusal.NOT_CHARGED;
    }
    return amount.compareTo(refundable(payment)) > 0 ? Refusal.EXCEEDS : Refusal.NONE;
  }

  RefundRecord refund(PaymentRecord payment, BigDecimal amount, String externalId, ObjectNode receipt, Instant now) {
    RefundRecord refund = new RefundRecord(ids.refund(), payment.id, payment.merchantId, now, amount,
        payment.currency, externalId);
    refund.due = now.plus(REFUND_DELAY);
    store.refunds.put(refund.id, refund);
    if (receipt != null) {
      createReceipt(payment, "Refund", amount, now);
    }
    return refund;
  }

  // ---------------------------------------------------------------- tokens

  TokenRecord newToken(String merchantId, Instant now) {
    TokenRecord token = new TokenRecord(ids.token(), merchantId, now);
    store.tokens.put(token.id, token);
    return token;
  }

  void useCard(TokenRecord token, String pan, String expiry, Instant now) {
    token.behaviour = MagicCards.forCard(pan, expiry, now);
    token.blocked = token.behaviour.tokenBlocked();
    token.title = MagicCards.brand(pan) + " *" + pan.substring(pan.length() - 4);
    token.instrumentTitle = MagicCards.mask(pan);
    token.cardInfo = cardInfo(pan);
    YearMonth month = MagicCards.expiryMonth(expiry);
    token.expires = month == null ? null
        : month.atEndOfMonth().atTime(23, 59, 59).toInstant(ZoneOffset.UTC);
  }

  /** The customer finished the token scenario: the token becomes Active, or Declined for a declining card. */
  void finishToken(TokenRecord token, boolean approve, Instant now) {
    String decline = !approve ? "CancelledByUser"
        : token.behaviour.declineCode() != null ? token.behaviour.declineCode()
        : token.behaviour.declineAfterPending();
    if (decline != null) {
      declineToken(token, decline);
      return;
    }
    token.confirmation = null;
    token.awaitingCard = false;
    token.status = "Active";
    token.resultCode = "Success";
    notifyToken(token);
  }

  /** The token is refused with this result: the customer declined, the card declines, or a step answer failed. */
  void declineToken(TokenRecord token, String resultCode) {
    token.confirmation = null;
    token.awaitingCard = false;
    token.status = "Declined";
    token.resultCode = resultCode;
  }

  void revoke(TokenRecord token) {
    token.status = "Revoked";
    token.confirmation = null;
    notifyToken(token);
  }

  private void createTokenFromPayment(PaymentRecord payment, Instant now) {
    TokenRecord token = newToken(payment.merchantId, now);
    token.title = MagicCards.brand(payment.instrumentTitle) + " *"
        + payment.instrumentTitle.substring(payment.instrumentTitle.length() - 4);
    token.instrumentTitle = payment.instrumentTitle;
    token.cardInfo = payment.cardInfo.deepCopy();
    token.behaviour = new MagicCards.Behaviour(null, java.util.List.of(), false, null,
        payment.behaviour.tokenBlocked(), payment.behaviour.refundsRejected());
    token.blocked = payment.behaviour.tokenBlocked();
    token.expires = now.plus(Duration.ofDays(3 * 365));
    token.testMode = payment.testMode;
    token.callbackUrl = Json.str(payment.tokenization, "callbackUrl");
    token.status = "Active";
    token.resultCode = "Success";
    payment.createdTokenId = token.id;
    notifyToken(token);
  }

  private void notifyToken(TokenRecord token) {
    if (token.callbackUrl != null) {
      store.notify(new Store.Notification("paymentToken.status", token.callbackUrl, token.id,
          Views.tokenNotification(token)));
    }
  }

  // ---------------------------------------------------------------- receipts

  ReceiptRecord createReceipt(PaymentRecord payment, String type, BigDecimal amount, Instant now) {
    ReceiptRecord receipt = new ReceiptRecord(ids.receipt(), payment.id, payment.merchantId, now, amount,
        payment.currency, type);
    receipt.due = now.plus(RECEIPT_DELAY);
    store.receipts.put(receipt.id, receipt);
    return receipt;
  }

  // ---------------------------------------------------------------- time

  /** Settles whatever is due at {@code now}: pending payments, expired steps and invoices, refunds, receipts. */
  void runDue(Instant now) {
    for (PaymentRecord payment : store.payments.values()) {
      if ("Pending".equals(payment.status) && payment.pendingDue != null && !now.isBefore(payment.pendingDue)) {
        authorize(payment, now);
      } else if ("Confirmation".equals(payment.status) && payment.confirmationDeadline != null
          && !now.isBefore(payment.confirmationDeadline)) {
        reject(payment, "PaymentExpired", now);
      } else if (payment.awaitingPayer && payment.invoiceExpires != null && !now.isBefore(payment.invoiceExpires)) {
        payment.invoiceExpired = true;
        reject(payment, "PaymentExpired", now);
      }
    }
    for (RefundRecord refund : store.refunds.values()) {
      if ("Pending".equals(refund.status) && refund.due != null && !now.isBefore(refund.due)) {
        PaymentRecord payment = store.payments.get(refund.paymentId);
        boolean reject = payment != null && payment.behaviour.refundsRejected();
        refund.status = reject ? "Rejected" : "Success";
        refund.resultCode = reject ? "TransactionDeclined" : "Success";
        refund.v1ErrorCode = reject ? -10 : null;
        refund.errorDesc = reject ? "The issuer refused the refund (sandbox test card)" : null;
        refund.updated = now;
      }
    }
    for (ReceiptRecord receipt : store.receipts.values()) {
      if ("Pending".equals(receipt.status) && receipt.due != null && !now.isBefore(receipt.due)) {
        register(receipt, now);
      }
    }
  }

  /** The fiscal register accepted the receipt: it is Success and carries fiscal data. */
  void register(ReceiptRecord receipt, Instant now) {
    receipt.status = "Success";
    receipt.due = null;
    receipt.providerOperationId = "ofd-" + ids.digits(8);
    ObjectNode fiscal = Json.object();
    fiscal.put("fiscalDeviceId", "000000000" + ids.digits(7));
    fiscal.put("shiftNumber", Integer.toString(1 + Integer.parseInt(ids.digits(2))));
    fiscal.put("receiptNumber", Integer.toString(1 + Integer.parseInt(ids.digits(3))));
    fiscal.put("documentId", Integer.toString(10000 + Integer.parseInt(ids.digits(4))));
    fiscal.put("fiscalAttribute", ids.digits(10));
    fiscal.put("timestamp", Views.time(now));
    receipt.fiscalData = fiscal;
  }
}
