package com.merchantpay.v2;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The credentials every attempt carries: a bearer token from the client's supplier (or the call's
 * own), checked once per token, and the user agent.
 */
final class CallCredentials {
  private final Supplier<String> accessToken;
  private final boolean refreshable;
  private final String userAgent;

  /** The headers made for the last token, checked and made again only when the token changes. */
  private record Headers(String token, Map<String, String> headers) {
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
   * The credentials and user agent of an attempt: the call's own token, or the supplier's.
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
    if (last != null && last.token().equals(token)) {
      return last.headers(); // checked when it was first given
    }
    try {
      AccessTokens.requireValid(token);
    } catch (IllegalArgumentException e) {
      throw new AccessTokenException(
          "the access token supplier gave an unusable token: " + e.getMessage(),
          operation.id,
          key,
          null);
    }
    last = new Headers(token, Map.of("Authorization", "Bearer " + token, "User-Agent", userAgent));
    lastHeaders = last;
    return last.headers();
  }
}
