package com.merchantpay.sandbox.internal.domain;

/** Why money cannot be taken, returned or released; each interface answers it with its own error. */
public enum Refusal {
  /** Nothing stands in the way; the operation was done. */
  NONE,
  /** The payment has not taken the money (refunds). */
  NOT_CHARGED,
  /** The payment was cancelled or declined. */
  CANCELLED,
  /** The amount is larger than what the operation may move. */
  EXCEEDS,
  /** The payment holds no money (captures and cancellations). */
  NOT_HELD
}
