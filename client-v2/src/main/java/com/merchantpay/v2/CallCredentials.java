package com.merchantpay.v2;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The credentials every attempt carries: a bearer token from the client's supplier (or the call's
 * own), checked once per token, and the user agent; with them, the headers the operation always
 * sends, made once per token and operation.
 */
final class CallCredentials {
  private final Supplier<String> accessToken;
  private final boolean refreshable;
  private final String userAgent;

  /**
   * The headers made for the last token, by operation: checked and made again only when the token
   * changes.
   */
  private record Headers(String token, Map<Operation, Map<String, String>> byOperation) {
    @Override
    public String toString() {
      return "Headers[credentials masked]";
    }
  }

  private volatile Headers lastHeaders;

  CallCredentials(Supplier<String> accessToken, boolean refreshable, String userAgent) {
    this.accessToken = accessToken;
    this.refreshable = refreshable;
    this.userAgent = userAgent;
  }

  /** Whether the supplier may give a new token when the service refuses one (a 401). */
  boolean refreshable() {
    return refreshable;
  }

  /**
   * The credentials, user agent and the operation's fixed headers (from the contract) of an
   * attempt: the call's own token, or the supplier's.
   *
   * @throws AccessTokenException when the supplier fails or gives a token no header can carry
   */
  Map<String, String> headers(Operation operation, RequestOptions options, String key) {
    String token;
    try {
      token = options.accessToken().orElseGet(accessToken);
    } catch (RuntimeException e) {
      throw new AccessTokenException(
          "the access token supplier failed: " + e.getClass().getSimpleName(),
          operation.id,
          key,
          e);
    }
    Headers last = lastHeaders;
    if (last == null || !last.token().equals(token)) {
      try {
        AccessTokens.requireValid(token);
      } catch (IllegalArgumentException e) {
        throw new AccessTokenException(
            "the access token supplier gave an unusable token: " + e.getMessage(),
            operation.id,
            key,
            null);
      }
      last = new Headers(token, new ConcurrentHashMap<>());
      lastHeaders = last;
    }
    String checked = token;
    return last.byOperation()
        .computeIfAbsent(
            operation,
            op -> {
              Map<String, String> headers = new HashMap<>(op.fixedHeaders);
              headers.put("Authorization", "Bearer " + checked);
              headers.put("User-Agent", userAgent);
              return Map.copyOf(headers);
            });
  }
}
