package com.merchantpay.sandbox.internal.config;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything a sandbox instance is started with; immutable, and consistent: merchant ids and v1
 * logins are unique, and every bearer token and login names a merchant of the sandbox.
 *
 * @param fixedClock when not null the sandbox clock starts here and moves only when told to
 * @param seed when not null, every generated identifier and secret is derived from it
 * @param receiptListAsArray whether the receipt list starts out answered as a bare JSON array
 * @param pageSize how many items a page of a v2 list holds at most
 * @param host the address the sandbox listens on: a loopback address, or a wildcard for every
 *     address of the machine
 * @param tls how it serves HTTPS beside HTTP, or null for HTTP only
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
    Retention retention,
    int pageSize,
    String host,
    TlsConfig tls) {

  /** Page size of every v2 list unless the sandbox is started with another. */
  public static final int PAGE_SIZE = 50;

  /**
   * @throws IllegalArgumentException when merchant ids or logins repeat, or a token or login names
   *     an unknown merchant
   */
  public SandboxConfig {
    host = host == null ? "127.0.0.1" : host;
    if (pageSize < 1) {
      throw new IllegalArgumentException("the page size must be positive, not " + pageSize);
    }
    merchants = List.copyOf(merchants);
    bearerTokens = Collections.unmodifiableMap(new LinkedHashMap<>(bearerTokens));
    v1Users = List.copyOf(v1Users);
    List<String> ids = merchants.stream().map(MerchantAccount::id).toList();
    if (ids.stream().distinct().count() != ids.size()) {
      throw new IllegalArgumentException("merchant ids repeat: " + ids);
    }
    for (String merchant : bearerTokens.values()) {
      if (!ids.contains(merchant)) {
        throw new IllegalArgumentException("a bearer token names unknown merchant " + merchant);
      }
    }
    Set<String> logins = new HashSet<>();
    for (V1User user : v1Users) {
      if (!ids.contains(user.merchantId())) {
        throw new IllegalArgumentException(
            "v1 login " + user.login() + " names unknown merchant " + user.merchantId());
      }
      if (!logins.add(user.login())) {
        throw new IllegalArgumentException("v1 login " + user.login() + " is given twice");
      }
    }
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
