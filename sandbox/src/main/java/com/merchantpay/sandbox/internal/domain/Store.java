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
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every resource of one sandbox, kept within the {@link Retention}: a new resource beyond the count
 * makes room by forgetting the oldest finished one of its kind (the oldest of all when none in
 * sight is finished), and finished resources older than the age are forgotten as time passes.
 * Forgetting a payment forgets its refunds and receipts. What they hold is weighed too, since a
 * request's members may be long: beyond the retention's bytes the oldest of the heaviest kind go
 * first (a refund or receipt weighs with its payment). Guarded by {@link Core}'s lock.
 *
 * <p>Resources added by a change stay unseen by the retention until the change is kept ({@link
 * #keep}), so a change that fails can take back exactly what it added ({@link #takeBack}) and
 * nothing was forgotten for it.
 */
final class Store {
  /**
   * How far from the oldest end a search for a finished resource looks before it takes the oldest.
   */
  private static final int SCAN = 256;

  final Map<String, Payment> payments = new LinkedHashMap<>();
  final Map<String, Refund> refunds = new LinkedHashMap<>();
  final Map<String, PaymentToken> tokens = new LinkedHashMap<>();
  final Map<String, Receipt> receipts = new LinkedHashMap<>();
  final Map<String, Sticker> stickers = new LinkedHashMap<>();
  private final Map<String, List<Refund>> refundsByPayment = new LinkedHashMap<>();
  private final Map<String, List<Receipt>> receiptsByPayment = new LinkedHashMap<>();

  /** Payments with a deadline: time moves them on by itself. */
  final Set<Payment> timedPayments = new LinkedHashSet<>();

  final Set<Refund> pendingRefunds = new LinkedHashSet<>();
  final Set<Receipt> pendingReceipts = new LinkedHashSet<>();

  private final Retention retention;
  private final Map<String, Long> forgotten = new LinkedHashMap<>();

  /** What the resources of each kind weigh together, in bytes: the payments with theirs. */
  private long paymentBytes;

  private long tokenBytes;
  private long stickerBytes;

  /** Resources added by the change under way, oldest first. */
  private final List<Object> added = new ArrayList<>();

  private long version;

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
    added.clear();
    paymentBytes = 0;
    tokenBytes = 0;
    stickerBytes = 0;
    for (String kind : List.of("payments", "refunds", "paymentTokens", "receipts", "stickers")) {
      forgotten.put(kind, 0L);
    }
  }

  void add(Payment payment) {
    payments.put(payment.id, payment);
    added.add(payment);
  }

  void add(Refund refund) {
    refunds.put(refund.id, refund);
    refundsByPayment.computeIfAbsent(refund.paymentId, k -> new ArrayList<>()).add(refund);
    added.add(refund);
  }

  void add(PaymentToken token) {
    tokens.put(token.id, token);
    added.add(token);
  }

  void add(Receipt receipt) {
    receipts.put(receipt.id, receipt);
    receiptsByPayment.computeIfAbsent(receipt.paymentId, k -> new ArrayList<>()).add(receipt);
    added.add(receipt);
  }

  void add(Sticker sticker) {
    stickers.put(sticker.id, sticker);
    added.add(sticker);
  }

  /**
   * Weighs a resource the change under way added, now that the change has given it what it keeps;
   * one taken back was never weighed and weighs nothing.
   */
  private void weigh(Object resource) {
    if (resource instanceof Payment payment) {
      payment.weight =
          OVERHEAD
              + chars(payment.invoice)
              + chars(payment.customerIp)
              + chars(payment.phone)
              + chars(payment.callbackUrl)
              + chars(payment.returnUrl)
              + chars(payment.tokenCallbackUrl)
              + (payment.receipt == null ? 0 : payment.receipt.toString().length())
              + (payment.tokenization == null ? 0 : payment.tokenization.toString().length());
      paymentBytes += payment.weight;
    } else if (resource instanceof Refund refund) {
      refund.weight = OVERHEAD + chars(refund.externalId) + chars(refund.errorDesc);
      paymentBytes += refund.weight;
    } else if (resource instanceof Receipt receipt) {
      receipt.weight = OVERHEAD;
      paymentBytes += receipt.weight;
    } else if (resource instanceof PaymentToken token) {
      token.weight = OVERHEAD + chars(token.title) + chars(token.callbackUrl);
      tokenBytes += token.weight;
    } else if (resource instanceof Sticker sticker) {
      sticker.weight =
          OVERHEAD
              + chars(sticker.stickerType)
              + chars(sticker.description)
              + chars(sticker.productCode)
              + chars(sticker.paymentPurpose)
              + chars(sticker.callbackUrl)
              + chars(sticker.payload);
      stickerBytes += sticker.weight;
    }
  }

  /** What any resource weighs besides the texts it was given: its fields, ids and times. */
  private static final int OVERHEAD = 512;

  /** A text's weight: a character a byte, as the JVM keeps Latin-1 text (more for the rest). */
  private static int chars(String text) {
    return text == null ? 0 : text.length();
  }

  /**
   * Keeps what the change under way added, then forgets the oldest finished resources beyond the
   * count.
   */
  void keep() {
    for (Object resource : added) {
      weigh(resource);
    }
    added.clear();
    while (payments.size() > retention.maxPerKind()) {
      forget(oldest(payments, p -> p.status != null && p.status.isFinal()));
    }
    while (refunds.size() > retention.maxPerKind()) {
      forget(oldest(refunds, r -> Lifecycle.isFinal(r.status)));
    }
    while (tokens.size() > retention.maxPerKind()) {
      forget(oldest(tokens, t -> t.status != null && Lifecycle.isFinal(t.status)));
    }
    while (receipts.size() > retention.maxPerKind()) {
      forget(oldest(receipts, r -> Lifecycle.isFinal(r.status)));
    }
    while (stickers.size() > retention.maxPerKind()) {
      forget(oldest(stickers, s -> !s.active));
    }
    while (paymentBytes + tokenBytes + stickerBytes > retention.maxBytes()) {
      if (paymentBytes >= tokenBytes && paymentBytes >= stickerBytes && !payments.isEmpty()) {
        forget(oldest(payments, p -> p.status != null && p.status.isFinal()));
      } else if (tokenBytes >= stickerBytes && !tokens.isEmpty()) {
        forget(oldest(tokens, t -> t.status != null && Lifecycle.isFinal(t.status)));
      } else if (!stickers.isEmpty()) {
        forget(oldest(stickers, s -> !s.active));
      } else {
        break; // refunds and receipts of no payment weigh nothing more to forget
      }
    }
  }

  /**
   * Removes what the change under way added, newest first, as if it had never been; nothing counts
   * as forgotten.
   */
  void takeBack() {
    for (int i = added.size() - 1; i >= 0; i--) {
      Object resource = added.get(i);
      if (resource instanceof Payment payment) {
        removePayment(payment);
      } else if (resource instanceof Refund refund) {
        removeRefund(refund);
      } else if (resource instanceof PaymentToken token) {
        removeToken(token);
      } else if (resource instanceof Receipt receipt) {
        removeReceipt(receipt);
      } else if (resource instanceof Sticker sticker) {
        removeSticker(sticker);
      }
    }
    added.clear();
  }

  /**
   * Puts a resource into the sets of work that falls due, or out of them, by the one rule for each
   * kind: a payment with a deadline, a refund or receipt waiting for its answer.
   */
  void index(Object resource) {
    if (resource instanceof Payment payment) {
      if (payment.deadline != null && payments.get(payment.id) == payment) {
        timedPayments.add(payment);
      } else {
        timedPayments.remove(payment);
      }
    } else if (resource instanceof Refund refund) {
      if (refund.due != null && refunds.get(refund.id) == refund) {
        pendingRefunds.add(refund);
      } else {
        pendingRefunds.remove(refund);
      }
    } else if (resource instanceof Receipt receipt) {
      if (receipt.due != null && receipts.get(receipt.id) == receipt) {
        pendingReceipts.add(receipt);
      } else {
        pendingReceipts.remove(receipt);
      }
    }
  }

  /**
   * A version number no change has had before: a view rendered at one version is never shown for
   * another.
   */
  long nextVersion() {
    return ++version;
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
    expire(
        payments,
        p -> p.status != null && p.status.isFinal() && p.updated.isBefore(cutoff),
        this::forget);
    expire(refunds, r -> Lifecycle.isFinal(r.status) && r.updated.isBefore(cutoff), this::forget);
    expire(
        tokens,
        t -> t.status != null && Lifecycle.isFinal(t.status) && t.updated.isBefore(cutoff),
        this::forget);
    expire(receipts, r -> Lifecycle.isFinal(r.status) && r.updated.isBefore(cutoff), this::forget);
    expire(stickers, s -> !s.active && s.updated.isBefore(cutoff), this::forget);
  }

  /**
   * How many resources of each kind are kept, and how many were forgotten since the start or last
   * reset.
   */
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
  static <T> List<T> ordered(
      Iterable<T> items,
      Predicate<T> filter,
      Function<T, Instant> created,
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

  private static <T> void expire(Map<String, T> map, Predicate<T> expired, Consumer<T> forget) {
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
    removePayment(payment);
    for (Refund refund : new ArrayList<>(refundsOf(payment.id))) {
      forget(refund);
    }
    for (Receipt receipt : new ArrayList<>(receiptsOf(payment.id))) {
      forget(receipt);
    }
    forgotten.merge("payments", 1L, Long::sum);
  }

  private void forget(Refund refund) {
    removeRefund(refund);
    forgotten.merge("refunds", 1L, Long::sum);
  }

  private void removePayment(Payment payment) {
    if (payments.remove(payment.id) != null) {
      paymentBytes -= payment.weight;
    }
    timedPayments.remove(payment);
  }

  private void removeRefund(Refund refund) {
    if (refunds.remove(refund.id) != null) {
      paymentBytes -= refund.weight;
    }
    pendingRefunds.remove(refund);
    List<Refund> siblings = refundsByPayment.get(refund.paymentId);
    if (siblings != null && siblings.remove(refund) && siblings.isEmpty()) {
      refundsByPayment.remove(refund.paymentId);
    }
  }

  private void forget(PaymentToken token) {
    removeToken(token);
    forgotten.merge("paymentTokens", 1L, Long::sum);
  }

  private void forget(Receipt receipt) {
    removeReceipt(receipt);
    forgotten.merge("receipts", 1L, Long::sum);
  }

  private void removeToken(PaymentToken token) {
    if (tokens.remove(token.id) != null) {
      tokenBytes -= token.weight;
    }
  }

  private void removeReceipt(Receipt receipt) {
    if (receipts.remove(receipt.id) != null) {
      paymentBytes -= receipt.weight;
    }
    pendingReceipts.remove(receipt);
    List<Receipt> siblings = receiptsByPayment.get(receipt.paymentId);
    if (siblings != null && siblings.remove(receipt) && siblings.isEmpty()) {
      receiptsByPayment.remove(receipt.paymentId);
    }
  }

  private void forget(Sticker sticker) {
    removeSticker(sticker);
    forgotten.merge("stickers", 1L, Long::sum);
  }

  private void removeSticker(Sticker sticker) {
    if (stickers.remove(sticker.id) != null) {
      stickerBytes -= sticker.weight;
    }
  }
}
