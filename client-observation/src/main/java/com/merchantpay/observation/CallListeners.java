package com.merchantpay.observation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Several listeners as one: each hears every call, in the order given, and one that throws or
 * returns no observer keeps none of the others from hearing it.
 */
public final class CallListeners {
  private static final Logger LOG = Logger.getLogger(CallListeners.class.getName());

  private CallListeners() {}

  public static CallListener of(List<? extends CallListener> listeners) {
    List<CallListener> all = List.copyOf(listeners);
    return call -> {
      List<CallObserver> observers = new ArrayList<>(all.size());
      for (CallListener listener : all) {
        CallObserver observer = isolated(() -> listener.callStarted(call));
        if (observer != null) {
          observers.add(observer);
        }
      }
      return new CallObserver() {
        @Override
        public void attemptEnded(AttemptEnd attempt) {
          each(observers, o -> o.attemptEnded(attempt));
        }

        @Override
        public void callEnded(CallEnd end) {
          each(observers, o -> o.callEnded(end));
        }
      };
    };
  }

  private static void each(List<CallObserver> observers, Consumer<CallObserver> event) {
    for (CallObserver observer : observers) {
      isolated(
          () -> {
            event.accept(observer);
            return null;
          });
    }
  }

  private static <T> T isolated(Supplier<T> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "a call listener failed; the others still hear the call", e);
      return null;
    }
  }
}
