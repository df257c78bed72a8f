package com.merchantpay.observation;

import java.util.ArrayList;
import java.util.List;

/** Several listeners as one: each hears every call, in the order given. */
public final class CallListeners {
  private CallListeners() {}

  public static CallListener of(List<? extends CallListener> listeners) {
    List<CallListener> all = List.copyOf(listeners);
    if (all.size() == 1) {
      return all.get(0);
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
}
