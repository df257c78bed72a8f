package com.merchantpay.sandbox.internal.domain;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the rules of every resource work with, under {@link Core}'s lock: the store, identifiers,
 * the sandbox's own address, and the record of the change under way (the resources it touched as
 * they were, and the notices it wrote), from which a change that fails is undone.
 */
final class Workspace {
  final Store store;
  final IdSource ids;
  final String baseUrl;
  private final StatusListener listener;
  private final Map<Object, Snapshot> touched = new IdentityHashMap<>();
  private final List<StatusListener.Notice> notices = new ArrayList<>();

  Workspace(Store store, IdSource ids, String baseUrl, StatusListener listener) {
    this.store = store;
    this.ids = ids;
    this.baseUrl = baseUrl;
    this.listener = listener;
  }

  /** Keeps the resource as it is now, the first time the change under way touches it. */
  void touch(Object resource) {
    if (resource != null) {
      touched.computeIfAbsent(resource, Snapshot::of);
    }
  }

  void paymentChanged(Payment payment, String callbackUrl) {
    notice(listener.paymentChanged(payment, callbackUrl));
  }

  void tokenChanged(PaymentToken token, String callbackUrl) {
    notice(listener.tokenChanged(token, callbackUrl));
  }

  private void notice(StatusListener.Notice notice) {
    if (notice != null) {
      notices.add(notice);
    }
  }

  /**
   * Ends the change under way as done: the notices it wrote, to deliver once the lock is released.
   */
  List<StatusListener.Notice> keep() {
    store.keep();
    if (!touched.isEmpty()) {
      // Clearing walks the whole table, which keeps the size of the largest change ever made.
      touched.clear();
    }
    if (notices.isEmpty()) {
      return List.of();
    }
    List<StatusListener.Notice> kept = List.copyOf(notices);
    notices.clear();
    return kept;
  }

  /**
   * Ends the change under way as failed: what it added is gone, what it touched is as it was, its
   * notices dropped.
   */
  void undo() {
    store.takeBack();
    for (Snapshot snapshot : touched.values()) {
      snapshot.restore();
      store.index(snapshot.resource());
    }
    touched.clear();
    notices.clear();
  }
}
