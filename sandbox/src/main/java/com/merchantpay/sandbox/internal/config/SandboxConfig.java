package com.merchantpay.sandbox.internal.config;

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
    List<MerchantAccount> merchants,
    Map<String, String> bearerTokens,
    List<V1User> v1Users,
    Instant fixedClock,
    Long seed,
    int callbackMaxAttempts,
    Duration callbackFirstRetryDelay,
    int v1ListLimit,
    boolean receiptListAsArray,
    Retention retention) {

  /** Page size of every v2 list, as the v2 document states for the sandbox. */
  public static final int PAGE_SIZE = 50;

  public SandboxConfig {
    merchants = List.copyOf(merchants);
    bearerTokens = Collections.unmodifiableMap(new LinkedHashMap<>(bearerTokens));
    v1Users = List.copyOf(v1Users);
  }

  /** The merchant with this id, or null. */
  public MerchantAccount merchant(String id) {
    for (MerchantAccount merchant : merchants) {
      if (merchant.id().equals(id)) {
        return merchant;
      }
    }
    return null;
  }

  /** The v1 user with this login, or null. */
  public V1User user(String login) {
    for (V1User candidate : v1Users) {
      if (candidate.login().equals(login)) {
        return candidate;
      }
    }
    return null;
  }
}
