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
 * callbacks of a change that was kept go to the sender, in the order the changes happened.
 */
public final class Notifications implements StatusListener {
  private final Callbacks callbacks;

  public Notifications(Callbacks callbacks) {
    this.callbacks = callbacks;
  }

  /** A callback written at a change, waiting for the change to be kept. */
  private record Written(Notification notification) implements Notice {}

  @Override
  public Notice paymentChanged(Payment payment, String callbackUrl) {
    return new Written(
        new Notification(
            "payment.status", callbackUrl, payment.id(), V2Views.paymentNotification(payment)));
  }

  @Override
  public Notice tokenChanged(PaymentToken token, String callbackUrl) {
    return new Written(
        new Notification(
            "paymentToken.status", callbackUrl, token.id(), V2Views.tokenNotification(token)));
  }

  @Override
  public void deliver(List<Notice> notices) {
    List<Notification> batch = new ArrayList<>(notices.size());
    for (Notice notice : notices) {
      batch.add(((Written) notice).notification());
    }
    callbacks.enqueue(batch);
  }
}
