package com.merchantpay.sandbox.internal.faults;

import com.merchantpay.sandbox.internal.http.Delivery;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * What a fault does to a call it meets. Each effect applies itself at the steps every call goes
 * through (before it is handled, in place of its answer, on the way out), so the server never asks
 * which effect it has. Each has one name, the same in Java, in {@code --fault} and in the control
 * API.
 */
public sealed interface FaultEffect
    permits Delay, FailBefore, FailAfter, DropAfter, Stall, Truncate {

  /**
   * An effect's name and how it is written: {@code NAME}, {@code NAME=STATUS} or {@code
   * NAME=DURATION} in the text form; {@code kind} with {@code status} and {@code duration} in JSON.
   *
   * @param make the effect from a status (0 when not given) and a duration (null when not given);
   *     it throws {@code IllegalArgumentException} when the settings do not hold together
   */
  record Kind(String name, Setting setting, BiFunction<Integer, Duration, FaultEffect> make) {}

  /** What the value of an effect's text form ({@code NAME=VALUE}) is. */
  enum Setting {
    NONE,
    STATUS,
    DURATION
  }

  static Optional<Kind> named(String name) {
    return Known.ALL.stream().filter(kind -> kind.name().equalsIgnoreCase(name)).findFirst();
  }

  /** The names of every effect, as an error message lists them. */
  static String names() {
    return String.join(", ", Known.ALL.stream().map(Kind::name).toList());
  }

  Kind kind();

  /** The effect in the text form, {@code NAME[=VALUE][,retryAfter=DURATION]}. */
  default String describe() {
    return kind().name();
  }

  /** The status the effect answers with, or 0. */
  default int status() {
    return 0;
  }

  /** The effect's duration as the control API writes it, or null. */
  default Duration duration() {
    return null;
  }

  /** Whether the call is carried out; one that is not is answered by the fault alone. */
  default boolean acts() {
    return true;
  }

  /** Done before the call is handled. */
  default void beforeHandling() {}

  /**
   * The answer the caller is given.
   *
   * @param handled the call's own answer, or null when it was not carried out
   * @param rule the rule in its text form, for the answer to name
   */
  default HttpSupport.Out answer(HttpSupport.Out handled, String rule) {
    return handled;
  }

  /** How the answer reaches the caller. */
  default Delivery delivery() {
    return Delivery.WHOLE;
  }

  /** The plain-text answer a fault gives in place of the call's own. */
  static HttpSupport.Out injected(int status, String rule) {
    return HttpSupport.Out.text(
        status, "text/plain; charset=utf-8", "Fault injected by the sandbox (" + rule + ")\n");
  }

  static void requireFailure(String name, int status, int lowest) {
    if (status < lowest || status > 599) {
      throw new IllegalArgumentException(
          name
              + ": "
              + (lowest == 500
                  ? "after acting, only a 5xx says the call may have been done; "
                      + status
                      + " would not"
                  : "a failing answer's status is 4xx or 5xx, not " + status));
    }
  }

  static Duration requireDuration(String name, Duration duration) {
    if (duration == null || duration.isNegative()) {
      throw new IllegalArgumentException(name + " needs a duration");
    }
    return duration;
  }

  /**
   * Every effect, by its name. A holder of its own: an effect's class, made first, makes this
   * interface, which could not list that effect yet.
   */
  final class Known {
    static final List<Kind> ALL =
        List.of(
            Delay.KIND, FailBefore.KIND, FailAfter.KIND, DropAfter.KIND, Stall.KIND, Truncate.KIND);

    private Known() {}
  }
}
