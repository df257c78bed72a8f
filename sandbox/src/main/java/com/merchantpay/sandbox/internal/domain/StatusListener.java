package com.merchantpay.sandbox.internal.domain;

import java.util.List;

/**
 * Hears of every status change the merchant is to be told of (its callback address is set). It
 * writes its notice at the change, under {@link Core}'s lock, so the notice shows the resource
 * exactly as the change left it; the notices of a change that is kept are handed back to it, in
 * order, once the lock is released, and those of a change that failed are dropped.
 */
public interface StatusListener {
  /** What the listener wrote at a change, to be delivered if the change is kept. */
  interface Notice {}

  Notice paymentChanged(Payment payment, String callbackUrl);

  Notice tokenChanged(PaymentToken token, String callbackUrl);

  /**
   * The notices of changes that were kept, in the order the changes happened; called outside the
   * lock.
   */
  void deliver(List<Notice> notices);

  /** Hears nothing. */
  StatusListener NONE =
      new StatusListener() {
        @Override
        public Notice paymentChanged(Payment payment, String callbackUrl) {
          return null;
        }

        @Override
        public Notice tokenChanged(PaymentToken token, String callbackUrl) {
          return null;
        }

        @Override
        public void deliver(List<Notice> notices) {}
      };
}
