package com.merchantpay.conformance.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bounds that keep a run from waiting on a broken target: a budget for the whole run, and per
 * suite a limit of calls that get no answer within the call timeout. Once a suite has seen that
 * many, the target is taken as stalled there: the check that saw the last one fails naming the
 * stall, and every later call of the suite fails at once instead of waiting out its own timeout.
 */
final class RunLimits {
  /** Unanswered calls in one suite after which the target counts as stalled there. */
  static final int STALLED_AFTER = 3;

  private final Duration budget;
  private final long deadline;
  private final Map<String, Stall> stalls = new ConcurrentHashMap<>();

  /**
   * A suite where calls went unanswered: how many, the first, and the check that named the stall.
   */
  private static final class Stall {
    int unanswered;
    String first;
    String namedBy;
  }

  RunLimits(Duration budget) {
    this.budget = budget;
    this.deadline = System.nanoTime() + budget.toNanos();
  }

  Duration budget() {
    return budget;
  }

  /** What is left of the run's budget, never negative. */
  Duration remaining() {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }

  /** A wait of at most this long, cut to what is left of the budget. */
  Duration bound(Duration wait) {
    Duration left = remaining();
    return wait.compareTo(left) < 0 ? wait : left;
  }

  boolean spent() {
    return System.nanoTime() >= deadline;
  }

  /** Before a call: fails when the budget is spent or the suite's target stalled. */
  void beforeCall(String suite) {
    if (spent()) {
      throw new TargetUnavailable(
          "the run to end within its budget of " + seconds(budget),
          "the budget was spent before this call; raise it with --budget",
          null);
    }
    Stall stall = suite == null ? null : stalls.get(suite);
    if (stall != null) {
      synchronized (stall) {
        if (stall.unanswered >= STALLED_AFTER) {
          throw new TargetUnavailable(
              "answers to the calls of suite " + suite,
              "not sent: the target stopped "
                  + "answering in suite "
                  + suite
                  + " (named by "
                  + stall.namedBy
                  + ")",
              null);
        }
      }
    }
  }

  /**
   * After a call: counts it when it went unanswered for the whole call timeout, and fails the check
   * that reaches the limit with a description of the stall.
   */
  void afterCall(String suite, String checkId, Exchange exchange) {
    if (suite == null
        || exchange.answered()
        || !exchange.transportError().startsWith(Wire.TIMED_OUT)) {
      return;
    }
    Stall stall = stalls.computeIfAbsent(suite, s -> new Stall());
    synchronized (stall) {
      stall.unanswered++;
      if (stall.first == null) {
        stall.first = exchange.method() + " " + exchange.uri().getRawPath();
      }
      if (stall.unanswered == STALLED_AFTER) {
        stall.namedBy = checkId;
        throw new TargetUnavailable(
            "an answer to every call",
            "the target does not answer: "
                + STALLED_AFTER
                + " calls of suite "
                + suite
                + " got no answer within the call timeout (the first: "
                + stall.first
                + ", the last: "
                + exchange.method()
                + " "
                + exchange.uri().getRawPath()
                + "); the rest of the suite "
                + "is not sent",
            exchange);
      }
    }
  }

  private static String seconds(Duration duration) {
    return duration.toSeconds() + " s";
  }
}
