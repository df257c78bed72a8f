package com.merchantpay.spring;

import com.merchantpay.observation.CallEnd;
import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallObserver;
import com.merchantpay.observation.CallStart;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether the service answers, judged from the application's own calls, so a health check costs no
 * call of its own: a client is down once {@value #DOWN_AFTER} calls in a row got no answer or a
 * server error, and up again with the next answer. Refusals (4xx) are answers. A verdict older than
 * {@link #FORGET_AFTER} is forgotten, so an application taken out of rotation for being down, and
 * so making no calls, is not kept down after the service came back.
 */
public final class MerchantPayHealth implements CallListener {
  static final int DOWN_AFTER = 3;

  static final Duration FORGET_AFTER = Duration.ofMinutes(2);

  /** What is known of one client's calls. */
  public record State(int failuresInARow, Instant lastCall, String lastFailure, boolean seen) {}

  private final Map<String, State> byClient = new ConcurrentHashMap<>();
  private final Clock clock;

  public MerchantPayHealth() {
    this(Clock.systemUTC());
  }

  MerchantPayHealth(Clock clock) {
    this.clock = clock;
  }

  @Override
  public CallObserver callStarted(CallStart call) {
    return end -> record(call.client(), end);
  }

  private void record(String client, CallEnd end) {
    boolean unanswered = end.status() == 0 || end.status() >= 500;
    byClient.compute(
        client,
        (name, before) ->
            unanswered
                ? new State(
                    before == null ? 1 : before.failuresInARow() + 1,
                    clock.instant(),
                    end.failure() + (end.status() == 0 ? "" : " (HTTP " + end.status() + ")"),
                    true)
                : new State(0, clock.instant(), null, true));
  }

  /** Whether this client counts as down now: enough failures in a row, and recent enough. */
  public boolean down(State state) {
    return state.failuresInARow() >= DOWN_AFTER
        && state.lastCall().plus(FORGET_AFTER).isAfter(clock.instant());
  }

  /** Each client that made a call, by name ({@code v2}, {@code v1}). */
  public Map<String, State> states() {
    return Map.copyOf(byClient);
  }
}
