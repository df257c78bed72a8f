package com.merchantpay.conformance;

import com.merchantpay.conformance.internal.StatesThroughInterfaces;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.util.Map;
import java.util.Set;

/**
 * Makes the provider states Pact interactions name on a target, through the target's own v2 and v1
 * interfaces with the profile's test data: what a Pact verification runs before it replays an
 * interaction, on the sandbox or on any implementation. The names are the control API's {@code
 * ProviderStateName}.
 *
 * <pre>{@code
 * Map<String, Object> values =
 *     ProviderStateMaker.make(target, profile, "a held payment", Map.of("amount", "100.00"), Map.of());
 * values.get("paymentId");
 * }</pre>
 */
public final class ProviderStateMaker {
  private ProviderStateMaker() {}

  /** The names of every state it makes. */
  public static Set<String> states() {
    return StatesThroughInterfaces.NAMES;
  }

  /**
   * Makes one state and gives the values the interaction's request takes from it: the target's
   * credentials, merchant, v1 site and account, a fresh idempotency key, and the ids of what was
   * made ({@code paymentId}, {@code tokenId}, ...).
   *
   * @param state the state's name
   * @param parameters its parameters ({@code amount}, {@code refundAmount}, ...), defaults already
   *     filled in: the command line's {@code pact --list-states} lists each state's parameters and
   *     defaults
   * @param earlier what earlier states of the same interaction gave, which a signed v1 call's
   *     values may name as {@code ${name}}
   * @throws IllegalArgumentException when no state has that name, or a parameter it needs is not
   *     given (the message names it)
   * @throws IllegalStateException when the target would not make it (the message says why)
   */
  public static Map<String, Object> make(
      Target target,
      Profile profile,
      String state,
      Map<String, String> parameters,
      Map<String, Object> earlier) {
    return StatesThroughInterfaces.make(target, profile, state, parameters, earlier);
  }
}
