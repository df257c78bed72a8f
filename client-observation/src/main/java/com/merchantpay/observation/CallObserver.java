package com.merchantpay.observation;

/** Hears one call: each attempt as it ends, then the call's end, exactly once. */
public interface CallObserver {
  /** An attempt was answered, or failed without an answer. */
  default void attemptEnded(AttemptEnd attempt) {}

  /** The call is over: answered, refused, or given up. */
  void callEnded(CallEnd call);
}
