package com.merchantpay.sandbox.internal.v2;

import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.contract.ResolvedCall;

/**
 * Who makes a v2 call, read from its {@code Authorization} header once per call, when the call is
 * resolved: the interface that answers 401 and the fault rules narrowed to a merchant read the same
 * answer.
 */
public final class V2Caller {
  private V2Caller() {}

  /**
   * The merchant whose bearer token the header carries, or why the header names none: missing,
   * malformed, or a token not recognised.
   */
  public static ResolvedCall.Caller identify(SandboxConfig config, String authorization) {
    if (authorization == null || authorization.isBlank()) {
      return ResolvedCall.Caller.refused("The Authorization header is missing.");
    }
    String token = bearerToken(authorization);
    if (token == null) {
      return ResolvedCall.Caller.refused(
          "The Authorization header must be 'Bearer <access token>'.");
    }
    String merchantId = config.bearerTokens().get(token);
    return merchantId == null
        ? ResolvedCall.Caller.refused("The access token is not recognised.")
        : ResolvedCall.Caller.merchant(merchantId);
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
