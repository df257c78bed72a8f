package com.merchantpay.sandbox.internal.domain;

import com.merchantpay.sandbox.internal.config.Retention;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every resource of one sandbox, kept within the {@link Retention}: a new resource beyond the count makes
 * room by forgetting the oldest finished one of its kind (the oldest of all when none in sight is
 * finished), and finished resources older than the age are forgotten as time passes. Forgetting a payment
 * forgets its refunds and receipts. Guarded by {@link Core}'s lock.
 */
final class Store {
  /** How far from the oldest end a search for a finished resource looks before it takes the oldest. */
  private static final int SCAN = 256;

  final Map<String, Payment> payments = new LinkedHashMap<>();
  final Map<String, Refund> refunds = new LinkedHashMap<>();
  final Map<String, PaymentToken> tokens = new LinkedHashMap<>();
  final Map<String, Receipt> receipts = new LinkedHashMap<>();
  final Map<String, Sticker> stickers = new LinkedHashMap<>();
  private final Map<String, List<Refund>> refundsByPayment = new LinkedHashMap<>();
  private final Map<String, List<Receipt>> receiptsByPayment = new LinkedHashMap<>();

  /** Payments a moment in time can move on: a pending wait, a confirmation deadline, an invoice expiry. */
  final Set<Payment> timedPayments = new LinkedHashSet<>();
  final Set<Refund> pendingRefunds = new LinkedHashSet<>();
  final Set<Receipt> pendingReceipts = new LinkedHashSet<>();

  private final Retention retention;
  private final Map<String, Long> forgotten = new LinkedHashMap<>();

  Store(Retention retention) {
    this.retention = retention;
    clear();
  }

  void clear() {
    payments.clear();
    refunds.clear();
    tokens.clear();
    receipts.clear();
    stickers.clear();
    refundsByPayment.clear();
    receiptsByPayment.clear();
    timedPayments.clear();
    pendingRefunds.clear();
    pendingReceipts.clear();
    for (String kind : List.of("payments", "refunds", "paymentTokens", "receipts", "stickers")) {
      forgotten.put(kind, 0L);
    }
  }

  void add(Payment payment) {
    payments.put(payment.id, payment);
    while (payments.size() > retention.maxPerKind()) {
      forget(oldest(payments, p -> p.status != null && p.status.isFinal()));
    }
  }

  void add(Refund refund) {
    refunds.put(refund.id, refund);
    refundsByPayment.computeIfAbsent(refund.paymentId, k -> new ArrayList<>()).add(refund);
    while (refunds.size() > retention.maxPerKind()) {
      forget(oldest(refunds, r -> Lifecycle.isFinal(r.status)));
    }
  }

  void add(PaymentToken token) {
    tokens.put(token.id, token);
    while (tokens.size() > retention.maxPerKind()) {
      forget(oldest(tokens, t -> t.status != null && Lifecycle.isFinal(t.status)));
    }
  }

  void add(Receipt receipt) {
    receipts.put(receipt.id, receipt);
    receiptsByPayment.computeIfAbsent(receipt.paymentId, k -> new ArrayList<>()).add(receipt);
    while (receipts.size() > retention.maxPerKind()) {
      forget(oldest(receipts, r -> Lifecycle.isFinal(r.status)));
    }
  }

  void add(Sticker sticker) {
    stickers.put(sticker.id, sticker);
    while (stickers.size() > retention.maxPerKind()) {
      forget(oldest(stickers, s -> !s.active));
    }
  }

  List<Refund> refundsOf(String paymentId) {
    return refundsByPayment.getOrDefault(paymentId, List.of());
  }

  List<Receipt> receiptsOf(String paymentId) {
    return receiptsByPayment.getOrDefault(paymentId, List.of());
  }

  /** Forgets finished resources whose last change is older than the retention age. */
  void expire(Instant now) {
    Instant cutoff = now.minus(retention.maxAge());
    expire(payments, p -> p.status != null && p.status.isFinal() && p.updated.isBefore(cutoff), this::forget);
    expire(refunds, r -> Lifecycle.isFinal(r.status) && r.updated.isBefore(cutoff), this::forget);
    expire(tokens, t -> t.status != null && Lifecycle.isFinal(t.status) && t.updated.isBefore(cutoff), this::forget);
    expire(receipts, r -> Lifecycle.isFinal(r.status) && r.updated.isBefore(cutoff), this::forget);
    expire(stickers, s -> !s.active && s.updated.isBefore(cutoff), this::forget);
  }

  /** How many resources of each kind are kept, and how many were forgotten since the start or last reset. */
  Map<String, Long> counts() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("payments", (long) payments.size());
    counts.put("refunds", (long) refunds.size());
    counts.put("paymentTokens", (long) tokens.size());
    counts.put("receipts", (long) receipts.size());
    counts.put("stickers", (long) stickers.size());
    return counts;
  }

  Map<String, Long> forgotten() {
    return new LinkedHashMap<>(forgotten);
  }

  /** Items in the documented list order: ascending creation time, ties broken by id. */
  static <T> List<T> ordered(Iterable<T> items, Predicate<T> filter, Function<T, Instant> created,
      Function<T, String> id) {
    List<T> list = new ArrayList<>();
    for (T item : items) {
      if (filter.test(item)) {
        list.add(item);
      }
    }
    list.sort(Comparator.comparing(created).thenComparing(id));
    return list;
  }

  private static <T> T oldest(Map<String, T> map, Predicate<T> finished) {
    int scanned = 0;
    for (T item : map.values()) {
      if (finished.test(item)) {
        return item;
      }
      if (++scanned >= SCAN) {
        break;
      }
    }
    return map.values().iterator().next();
  }

  private static <T> void expire(Map<String, T> map, Predicate<T> expired, java.util.function.Consumer<T> forget) {
    List<T> due = new ArrayList<>();
    int scanned = 0;
    for (Iterator<T> it = map.values().iterator(); it.hasNext() && scanned < SCAN; scanned++) {
      T item = it.next();
      if (expired.test(item)) {
        due.add(item);
      }
    }
    due.forEach(forget);
  }

  private void forget(Payment payment) {
    payments.remove(payment.id);
    timedPayments.remove(payment);
    for (Refund refund : new ArrayList<>(refundsOf(payment.id))) {
      forget(refund);
    }
    for (Receipt receipt : new ArrayList<>(receiptsOf(payment.id))) {
      forget(receipt);
    }
    forgotten.merge("payments", 1L, Long::sum);
  }

  private void forget(Refund refund) {
    refunds.remove(refund.id);
    pendingRefunds.remove(refund);
    List<Refund> siblings = refundsByPayment.get(refund.paymentId);
    if (siblings != null && siblings.remove(refund) && siblings.isEmpty()) {
      refundsByPayment.remove(refund.paymentId);
    }
    forgotten.merge("refunds", 1L, Long::sum);
  }

  private void forget(PaymentToken token) {
    tokens.remove(token.id);
    forgotten.merge("paymentTokens", 1L, Long::sum);
  }

  private void forget(Receipt receipt) {
    receipts.remove(receipt.id);
    pendingReceipts.remove(receipt);
    List<Receipt> siblings = receiptsByPayment.get(receipt.paymentId);
    if (siblings != null && siblings.remove(receipt) && siblings.isEmpty()) {
      receiptsByPayment.remove(receipt.paymentId);
    }
    forgotten.merge("receipts", 1L, Long::sum);
  }

  private void forget(Sticker sticker) {
    stickers.remove(sticker.id);
    forgotten.merge("stickers", 1L, Long::sum);
  }
}
