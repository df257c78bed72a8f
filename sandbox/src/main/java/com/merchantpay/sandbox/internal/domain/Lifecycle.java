package com.merchantpay.sandbox.internal.domain;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Every status change the sandbox can make, in one table per resource, read from the lifecycles the
 * v2 document draws, and what an unfinished payment may wait for in each status. The rules ask here
 * before each change, so no caller (an interface, a hosted page, the control API) can put a
 * resource into a state the service could not reach; asking for one is refused like any other
 * operation the state does not allow.
 *
 * <p>A {@code null} "from" is a resource being created: the statuses it may start in.
 */
final class Lifecycle {
  private static final Map<PaymentStatus, Set<PaymentStatus>> PAYMENT =
      new EnumMap<>(PaymentStatus.class);
  private static final Set<PaymentStatus> PAYMENT_START;
  private static final Map<RefundStatus, Set<RefundStatus>> REFUND =
      new EnumMap<>(RefundStatus.class);
  private static final Map<TokenStatus, Set<TokenStatus>> TOKEN = new EnumMap<>(TokenStatus.class);
  private static final Set<TokenStatus> TOKEN_START;
  private static final Map<ReceiptStatus, Set<ReceiptStatus>> RECEIPT =
      new EnumMap<>(ReceiptStatus.class);
  private static final Map<PaymentStatus, Set<Payment.Waiting>> WAITING =
      new EnumMap<>(PaymentStatus.class);

  static {
    // An invoice starts Pending (waiting for the payer); a direct payment goes straight to its
    // first stop.
    PAYMENT_START =
        EnumSet.of(
            PaymentStatus.PENDING,
            PaymentStatus.CONFIRMATION,
            PaymentStatus.AUTHORIZED,
            PaymentStatus.SETTLED,
            PaymentStatus.REJECTED);
    // Pending to Pending: the payer paid an invoice with a card the bank answers for later.
    PAYMENT.put(
        PaymentStatus.PENDING,
        EnumSet.of(
            PaymentStatus.PENDING,
            PaymentStatus.CONFIRMATION,
            PaymentStatus.AUTHORIZED,
            PaymentStatus.SETTLED,
            PaymentStatus.REJECTED));
    // Confirmation to Confirmation: a card that asks for two steps, one after the other.
    PAYMENT.put(
        PaymentStatus.CONFIRMATION,
        EnumSet.of(
            PaymentStatus.CONFIRMATION,
            PaymentStatus.PENDING,
            PaymentStatus.AUTHORIZED,
            PaymentStatus.SETTLED,
            PaymentStatus.REJECTED));
    PAYMENT.put(
        PaymentStatus.AUTHORIZED, EnumSet.of(PaymentStatus.SETTLED, PaymentStatus.CANCELLED));
    PAYMENT.put(PaymentStatus.SETTLED, EnumSet.noneOf(PaymentStatus.class));
    PAYMENT.put(PaymentStatus.CANCELLED, EnumSet.noneOf(PaymentStatus.class));
    PAYMENT.put(PaymentStatus.REJECTED, EnumSet.noneOf(PaymentStatus.class));

    // Pending waits for an invoice's payer or for the bank's late answer; Confirmation for its
    // step; the
    // other statuses wait for nothing that time or the payer could change (Authorized waits for the
    // merchant).
    WAITING.put(PaymentStatus.PENDING, EnumSet.of(Payment.Waiting.PAYER, Payment.Waiting.BANK));
    WAITING.put(PaymentStatus.CONFIRMATION, EnumSet.of(Payment.Waiting.STEP));
    for (PaymentStatus status :
        EnumSet.complementOf(EnumSet.of(PaymentStatus.PENDING, PaymentStatus.CONFIRMATION))) {
      WAITING.put(status, EnumSet.of(Payment.Waiting.NOTHING));
    }

    REFUND.put(RefundStatus.PENDING, EnumSet.of(RefundStatus.SUCCESS, RefundStatus.REJECTED));
    REFUND.put(RefundStatus.SUCCESS, EnumSet.noneOf(RefundStatus.class));
    REFUND.put(RefundStatus.REJECTED, EnumSet.noneOf(RefundStatus.class));

    // Created waits for the customer; a token made while paying is Active at once.
    TOKEN_START = EnumSet.of(TokenStatus.CREATED, TokenStatus.ACTIVE);
    TOKEN.put(
        TokenStatus.CREATED,
        EnumSet.of(TokenStatus.ACTIVE, TokenStatus.DECLINED, TokenStatus.REVOKED));
    TOKEN.put(TokenStatus.ACTIVE, EnumSet.of(TokenStatus.REVOKED));
    TOKEN.put(TokenStatus.REVOKED, EnumSet.noneOf(TokenStatus.class));
    TOKEN.put(TokenStatus.DECLINED, EnumSet.noneOf(TokenStatus.class));

    RECEIPT.put(
        ReceiptStatus.PENDING,
        EnumSet.of(ReceiptStatus.SUCCESS, ReceiptStatus.REJECTED, ReceiptStatus.CANCELLED));
    RECEIPT.put(ReceiptStatus.SUCCESS, EnumSet.noneOf(ReceiptStatus.class));
    RECEIPT.put(ReceiptStatus.REJECTED, EnumSet.noneOf(ReceiptStatus.class));
    RECEIPT.put(ReceiptStatus.CANCELLED, EnumSet.noneOf(ReceiptStatus.class));
  }

  private Lifecycle() {}

  static void check(PaymentStatus from, PaymentStatus to) {
    require(
        from == null ? PAYMENT_START.contains(to) : PAYMENT.get(from).contains(to),
        "payment",
        from,
        to);
  }

  static void check(PaymentStatus status, Payment.Waiting waiting) {
    if (!WAITING.get(status).contains(waiting)) {
      throw Refused.notNow("A " + status.wire() + " payment cannot wait for " + waiting + ".");
    }
  }

  static void check(RefundStatus from, RefundStatus to) {
    require(
        from == null ? to == RefundStatus.PENDING : REFUND.get(from).contains(to),
        "refund",
        from,
        to);
  }

  static void check(TokenStatus from, TokenStatus to) {
    require(
        from == null ? TOKEN_START.contains(to) : TOKEN.get(from).contains(to),
        "payment token",
        from,
        to);
  }

  static void check(ReceiptStatus from, ReceiptStatus to) {
    require(
        from == null ? to == ReceiptStatus.PENDING : RECEIPT.get(from).contains(to),
        "receipt",
        from,
        to);
  }

  static boolean isFinal(PaymentStatus status) {
    return PAYMENT.get(status).isEmpty();
  }

  static boolean isFinal(RefundStatus status) {
    return REFUND.get(status).isEmpty();
  }

  static boolean isFinal(TokenStatus status) {
    return TOKEN.get(status).isEmpty();
  }

  static boolean isFinal(ReceiptStatus status) {
    return RECEIPT.get(status).isEmpty();
  }

  private static void require(boolean allowed, String what, Object from, Object to) {
    if (!allowed) {
      throw Refused.notNow(
          "A " + what + " cannot go from " + (from == null ? "nothing" : from) + " to " + to + ".");
    }
  }
}
