package com.merchantpay.v2;

import com.merchantpay.observation.AttemptEnd;
import com.merchantpay.observation.CallEnd;
import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallListeners;
import com.merchantpay.observation.CallObserver;
import com.merchantpay.observation.CallStart;
import com.merchantpay.observation.Masking;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A call as its listener hears it: without a listener every method returns at once. The listener is
 * isolated ({@link CallListeners#isolated}), so observing never fails a payment.
 */
final class ObservedCall {
  static final ObservedCall NONE = new ObservedCall(null, null, 0);

  private final CallObserver observer;
  private final LongSupplier nanoTime;
  private final long started;

  private ObservedCall(CallObserver observer, LongSupplier nanoTime, long started) {
    this.observer = observer;
    this.nanoTime = nanoTime;
    this.started = started;
  }

  static ObservedCall start(
      CallListener listener, String operation, String key, LongSupplier nanoTime) {
    long started = nanoTime.getAsLong();
    CallObserver observer =
        listener.callStarted(new CallStart("v2", operation, Masking.idempotencyKey(key)));
    return new ObservedCall(observer, nanoTime, started);
  }

  void attempt(int number, int status, String failure, long attemptStarted) {
    if (observer != null) {
      observer.attemptEnded(
          new AttemptEnd(
              number, status, failure, Duration.ofNanos(nanoTime.getAsLong() - attemptStarted)));
    }
  }

  void ended(int attempts, int status, String failure, boolean outcomeUnknown) {
    if (observer != null) {
      observer.callEnded(
          new CallEnd(
              attempts,
              status,
              failure,
              outcomeUnknown,
              Duration.ofNanos(nanoTime.getAsLong() - started)));
    }
  }
}
