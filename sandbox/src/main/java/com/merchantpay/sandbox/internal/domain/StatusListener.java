package com.merchantpay.sandbox.internal.domain;

/**
 * Told of every status change that the merchant is to hear about (its callback address is set), while
 * {@link Core}'s lock is held, so it sees the resource exactly as the change left it.
 */
public interface StatusListener {
  void paymentChanged(Payment payment, String callbackUrl);

  void tokenChanged(PaymentToken token, String callbackUrl);

  /** Called after each transaction, outside the lock: time to hand over what was collected. */
  void committed();

  /** Hears nothing. */
  StatusListener NONE = new StatusListener() {
    @Override
    public void paymentChanged(Payment payment, String callbackUrl) {}

    @Override
    public void tokenChanged(PaymentToken token, String callbackUrl) {}

    @Override
    public void committed() {}
  };
}
