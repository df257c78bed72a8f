package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * All resources of one sandbox behind one lock. Operations are short, so a single lock keeps every
 * change atomic (no half-created resource is ever visible) without measurable cost.
 */
final class Store {
  /** A callback to send once the change that caused it is complete. */
  record Notification(String event, String url, String resourceId, ObjectNode body) {}

  final ReentrantLock lock = new ReentrantLock();
  final Map<String, PaymentRecord> payments = new LinkedHashMap<>();
  final Map<String, RefundRecord> refunds = new LinkedHashMap<>();
  final Map<String, TokenRecord> tokens = new LinkedHashMap<>();
  final Map<String, ReceiptRecord> receipts = new LinkedHashMap<>();
  final Map<String, StickerRecord> stickers = new LinkedHashMap<>();
  private final List<Notification> outbox = new ArrayList<>();

  void clear() {
    payments.clear();
    refunds.clear();
    tokens.clear();
    receipts.clear();
    stickers.clear();
    outbox.clear();
  }

  void notify(Notification notification) {
    outbox.add(notification);
  }

  /** Takes the notifications collected so far; called by the lock holder when its change is done. */
  List<Notification> drainOutbox() {
    List<Notification> drained = new ArrayList<>(outbox);
    outbox.clear();
    return drained;
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
}
