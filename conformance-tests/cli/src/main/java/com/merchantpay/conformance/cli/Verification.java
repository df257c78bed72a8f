package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.URI;
import java.util.Map;

/**
 * What one pact verification runs against, handed to the JUnit classes that Pact drives (they are
 * made by JUnit, so they read it from here). One verification runs at a time.
 *
 * @param target the provider and its credentials
 * @param profile its test data, for provider states made through its own API
 * @param stateChangeUrl where the provider sets up states itself (Pact's state change contract), or
 *     null
 */
record Verification(Target target, Profile profile, URI stateChangeUrl) {
  private static volatile Verification current;

  /** The values the last provider state produced, for the request about to be sent. */
  private static final ThreadLocal<Map<String, Object>> STATE = ThreadLocal.withInitial(Map::of);

  static Verification current() {
    Verification verification = current;
    if (verification == null) {
      throw new IllegalStateException("no pact verification is running");
    }
    return verification;
  }

  static void begin(Verification verification) {
    current = verification;
  }

  static void end() {
    current = null;
  }

  static void stateValues(Map<String, Object> values) {
    STATE.set(Map.copyOf(values));
  }

  static Map<String, Object> stateValues() {
    return STATE.get();
  }
}
