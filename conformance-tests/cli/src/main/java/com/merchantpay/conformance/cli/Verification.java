package com.merchantpay.conformance.cli;

import au.com.dius.pact.provider.IHttpClientFactory;
import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.HttpsTestTarget;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.MalformedURLException;
import java.net.URI;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;

/**
 * What one pact verification runs against, handed to the JUnit classes that Pact drives (they are
 * made by JUnit, so they read it from here). One verification runs at a time.
 *
 * @param target the provider and its credentials
 * @param profile its test data, for provider states made through its own API
 * @param stateChangeUrl where the provider sets up states itself (Pact's state change contract), or
 *     null
 * @param asRecorded whether requests go out as the pact and its states make them, untouched
 */
record Verification(Target target, Profile profile, URI stateChangeUrl, boolean asRecorded) {
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
   * Pact's target for the provider: over https with the kit's TLS settings (a CA to trust, a client
   * certificate), or the JDK's own trust when none were given; never Pact's trust-all mode.
   */
  HttpTestTarget pactTarget() throws MalformedURLException, NoSuchAlgorithmException {
    URI base = target.baseUrl();
    if (!"https".equalsIgnoreCase(base.getScheme())) {
      return HttpTestTarget.fromUrl(base.toURL());
    }
    SSLContext tls = target.tls() != null ? target.tls() : SSLContext.getDefault();
    IHttpClientFactory clients =
        provider ->
            HttpClients.custom()
                // As Pact's own client: a redirect is judged, never followed (to plain HTTP, with
                // the token).
                .disableRedirectHandling()
                .setConnectionManager(
                    PoolingHttpClientConnectionManagerBuilder.create()
                        .setTlsSocketStrategy(new DefaultClientTlsStrategy(tls))
                        .build())
                .build();
    String path =
        base.getRawPath() == null || base.getRawPath().isEmpty() ? "/" : base.getRawPath();
    return new HttpsTestTarget(
        base.getHost(), base.getPort() == -1 ? 443 : base.getPort(), path, false, () -> clients);
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
