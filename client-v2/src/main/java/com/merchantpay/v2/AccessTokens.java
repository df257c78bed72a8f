package com.merchantpay.v2;

/** Access tokens go into a header: they must be present and unable to inject another header. */
final class AccessTokens {
  private AccessTokens() {}

  static String requireValid(String token) {
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("access token must not be blank");
    }
    if (token.indexOf('\r') >= 0 || token.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("access token must not contain line breaks");
    }
    return token;
  }
}
