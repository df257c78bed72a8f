package com.merchantpay.observation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Listeners made safe to call from a client: one that throws, or returns no observer, is reported
 * and otherwise ignored, so it neither fails a call nor keeps other listeners from hearing it.
 */
public final class CallListeners {
  private static final Logger LOG = Logger.getLogger(CallListeners.class.getName());

  private static final CallObserver DEAF = end -> {};

  private CallListeners() {}

  /** Several listeners as one: each hears every call, in the order given. */
  public static CallListener of(List<? extends CallListener> listeners) {
    List<CallListener> all = new ArrayList<>(listeners.size());
    for (CallListener listener : listeners) {
      all.add(
          isolated(
              listener,
              e -> LOG.log(Level.WARNING, "a call listener failed; the others still hear", e)));
    }
    return call -> {
      List<CallObserver> observers = new ArrayList<>(all.size());
      for (CallListener listener : all) {
        observers.add(listener.callStarted(call));
      }
      return new CallObserver() {
        @Override
        public void attemptEnded(AttemptEnd attempt) {
          observers.forEach(o -> o.attemptEnded(attempt));
        }

        @Override
        public void callEnded(CallEnd end) {
          observers.forEach(o -> o.callEnded(end));
        }
      };
    };
  }

  /**
   * The listener, with each failure of it handed to {@code whenItFails} instead of thrown, and an
   * observer that hears nothing in place of a missing one.
   */
  public static CallListener isolated(
      CallListener listener, Consumer<RuntimeException> whenItFails) {
    return call -> {
      CallObserver observer;
      try {
        observer = listener.callStarted(call);
      } catch (RuntimeException e) {
        whenItFails.accept(e);
        return DEAF;
      }
      if (observer == null) {
        return DEAF;
      }
      return new CallObserver() {
        @Override
        public void attemptEnded(AttemptEnd attempt) {
          try {
            observer.attemptEnded(attempt);
          } catch (RuntimeException e) {
            whenItFails.accept(e);
          }
        }

        @Override
        public void callEnded(CallEnd end) {
          try {
            observer.callEnded(end);
          } catch (RuntimeException e) {
            whenItFails.accept(e);
          }
        }
      };
    };
  }
}
