package com.merchantpay.observation;

/**
 * Told of every call a client makes, to record metrics or traces. A client with no listener spends
 * nothing on it. Listeners are called on the calling thread, so they must be quick and thread-safe;
 * one that throws is logged by the client and otherwise ignored, never failing the call.
 *
 * <pre>{@code
 * MerchantPayClient client = MerchantPayClient.builder()
 *     .callListener(start -> new CallObserver() {
 *       public void callEnded(CallEnd end) {
 *         System.out.println(start.operation() + " " + end.outcome() + " in " + end.duration());
 *       }
 *     })
 *     ...
 * }</pre>
 */
@FunctionalInterface
public interface CallListener {
  /**
   * A call begins, before its first attempt.
   *
   * @return what hears the call's attempts and its end; never null
   */
  CallObserver callStarted(CallStart call);
}
