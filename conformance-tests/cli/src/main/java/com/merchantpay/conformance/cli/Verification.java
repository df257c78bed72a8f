package com.merchantpay.conformance.cli;

import au.com.dius.pact.provider.IHttpClientFactory;
import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.HttpsTestTarget;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.URI;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * What one pact verification runs against, handed to the JUnit classes that Pact drives (they are
 * made by JUnit, so they read it from here). One verification runs at a time.
 *
 * @param target the provider and its credentials
 * @param profile its test data, for provider states made through its own API
 * @param stateChangeUrl where the provider sets up states itself (Pact's state change contract), or
 *     null
 * @param asRecorded whether requests go out as the pact and its states make them, untouched
 * @param timeout how long one call to the provider may take, its whole answer included
 */
record Verification(
    Target target, Profile profile, URI stateChangeUrl, boolean asRecorded, Duration timeout) {
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

  /**
   * Pact's target for the provider, reached through {@link PactHttpClients}: over https with the
   * kit's TLS settings (a CA to trust, a client certificate), or the JDK's own trust when none were
   * given; never Pact's trust-all mode.
   */
  HttpTestTarget pactTarget() throws NoSuchAlgorithmException {
    URI base = target.baseUrl();
    boolean https = "https".equalsIgnoreCase(base.getScheme());
    IHttpClientFactory clients =
        PactHttpClients.factory(
            https ? (target.tls() != null ? target.tls() : SSLContext.getDefault()) : null,
            timeout);
    String path =
        base.getRawPath() == null || base.getRawPath().isEmpty() ? "/" : base.getRawPath();
    int port = base.getPort() != -1 ? base.getPort() : https ? 443 : 80;
    return https
        ? new HttpsTestTarget(base.getHost(), port, path, false, () -> clients)
        : new HttpTestTarget(base.getHost(), port, path, () -> clients);
  }

  static void begin(Verification verification) {
    current = verification;
  }

  static void end() {
    current = null;
  }

  /** Adds the values a state made to those of the interaction's earlier states. */
  static void stateValues(Map<String, Object> values) {
    Map<String, Object> all = new java.util.LinkedHashMap<>(STATE.get());
    all.putAll(values);
    STATE.set(Map.copyOf(all));
  }

  /** The values the interaction's states made. */
  static Map<String, Object> stateValues() {
    return STATE.get();
  }

  /** Forgets the values of the states made so far: the next interaction's start afresh. */
  static void forgetStateValues() {
    STATE.set(Map.of());
  }
}
