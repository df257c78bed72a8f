package com.merchantpay.sandbox.internal.v2;

import com.merchantpay.sandbox.internal.callbacks.Callbacks;
import com.merchantpay.sandbox.internal.callbacks.Notification;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentToken;
import com.merchantpay.sandbox.internal.domain.StatusListener;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns status changes into the v2 callbacks: the body is written when the change happens, and the
 * callbacks go to the sender once the change is complete, in the order the changes happened.
 */
public final class Notifications implements StatusListener {
  private final Callbacks callbacks;
  private final List<Notification> outbox = new ArrayList<>();

  public Notifications(Callbacks callbacks) {
    this.callbacks = callbacks;
  }

  @Override
  public synchronized void paymentChanged(Payment payment, String callbackUrl) {
    outbox.add(new Notification("payment.status", callbackUrl, payment.id(), V2Views.paymentNotification(payment)));
  }

  @Override
  public synchronized void tokenChanged(PaymentToken token, String callbackUrl) {
    outbox.add(new Notification("paymentToken.status", callbackUrl, token.id(), V2Views.tokenNotification(token)));
  }

  @Override
  public synchronized void committed() {
    if (!outbox.isEmpty()) {
      callbacks.enqueue(List.copyOf(outbox));
      outbox.clear();
    }
  }

  /** Drops what was collected but not handed over (a reset). */
  public synchronized void clear() {
    outbox.clear();
  }
}
