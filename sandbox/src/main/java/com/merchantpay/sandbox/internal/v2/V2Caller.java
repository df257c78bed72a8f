package com.merchantpay.sandbox.internal.v2;

import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.http.ApiError;

/**
 * Who makes a v2 call, read from its {@code Authorization} header one way for the whole sandbox:
 * the interface that answers 401, and the fault rules narrowed to a merchant, agree on it.
 */
public final class V2Caller {
  private V2Caller() {}

  /**
   * The merchant whose bearer token the header carries.
   *
   * @throws ApiError 401, saying whether the header is missing, malformed or names no token
   */
  public static String merchant(SandboxConfig config, String authorization) {
    if (authorization == null || authorization.isBlank()) {
      throw ApiError.unauthenticated("The Authorization header is missing.");
    }
    String token = bearerToken(authorization);
    if (token == null) {
      throw ApiError.unauthenticated("The Authorization header must be 'Bearer <access token>'.");
    }
    String merchantId = config.bearerTokens().get(token);
    if (merchantId == null) {
      throw ApiError.unauthenticated("The access token is not recognised.");
    }
    return merchantId;
  }

  /** The merchant the header names, or null when it names none the interface would accept. */
  public static String merchantOrNull(SandboxConfig config, String authorization) {
    String token = authorization == null ? null : bearerToken(authorization);
    return token == null ? null : config.bearerTokens().get(token);
  }

  /** The token of {@code Bearer <token>} (scheme in any case), or null for any other form. */
  private static String bearerToken(String authorization) {
    String value = authorization.strip();
    int space = 0;
    while (space < value.length() && !Character.isWhitespace(value.charAt(space))) {
      space++;
    }
    if (space == value.length() || !value.substring(0, space).equalsIgnoreCase("Bearer")) {
      return null;
    }
    String token = value.substring(space + 1).strip();
    return token.isEmpty() || hasWhitespace(token) ? null : token;
  }

  private static boolean hasWhitespace(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isWhitespace(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}
