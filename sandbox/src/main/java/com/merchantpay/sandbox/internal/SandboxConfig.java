package com.merchantpay.sandbox.internal;

import com.merchantpay.sandbox.Sandbox;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a sandbox instance is started with; immutable.
 *
 * @param fixedClock when not null the sandbox clock starts here and moves only when told to
 * @param seed when not null, every generated identifier and secret is derived from it
 * @param receiptListAsArray whether the receipt list starts out answered as a bare JSON array
 */
public record SandboxConfig(
    int port,
    List<Sandbox.Merchant> merchants,
    Map<String, String> bearerTokens,
    List<Sandbox.V1Login> v1Logins,
    Instant fixedClock,
    Long seed,
    int callbackMaxAttempts,
    Duration callbackFirstRetryDelay,
    int v1ListLimit,
    boolean receiptListAsArray) {

  /** Page size of every v2 list, as the v2 document states for the sandbox. */
  static final int PAGE_SIZE = 50;

  public SandboxConfig {
    merchants = List.copyOf(merchants);
    bearerTokens = Collections.unmodifiableMap(new LinkedHashMap<>(bearerTokens));
    v1Logins = List.copyOf(v1Logins);
  }

  Sandbox.Merchant merchant(String id) {
    for (Sandbox.Merchant merchant : merchants) {
      if (merchant.id().equals(id)) {
        return merchant;
      }
    }
    return null;
  }

  Sandbox.V1Login login(String login) {
    for (Sandbox.V1Login candidate : v1Logins) {
      if (candidate.login().equals(login)) {
        return candidate;
      }
    }
    return null;
  }
}
