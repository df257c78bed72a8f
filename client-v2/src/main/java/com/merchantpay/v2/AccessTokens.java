package com.merchantpay.v2;

/**
 * Access tokens go into a header: they must be present and made of the visible ASCII characters a
 * bearer token may have (RFC 6750), so they can neither inject a header nor make the HTTP stack
 * quote them back in an error.
 */
final class AccessTokens {
  private AccessTokens() {}

  static String requireValid(String token) {
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("access token must not be blank");
    }
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        throw new IllegalArgumentException(
            "access token must be visible ASCII without spaces or line breaks; character "
                + i
                + " is not");
      }
    }
    return token;
  }
}
