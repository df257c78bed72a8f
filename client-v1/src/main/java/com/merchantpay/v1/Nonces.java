package com.merchantpay.v1;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.Supplier;

/**
 * Nonces: by default 128 bits from {@link SecureRandom} in URL-safe base64 without padding (22
 * characters of {@code A-Z a-z 0-9 - _}, so never a {@code ;} and nothing to percent-encode).
 * Random rather than counted, so separate threads, client instances and processes need no
 * coordination: the chance that two of a billion nonces collide is below 10<sup>-20</sup>.
 */
final class Nonces {
  static final int MAX_LENGTH = 255;
  private static final SecureRandom RANDOM = new SecureRandom();

  private Nonces() {}

  static Supplier<String> random() {
    return () -> {
      byte[] bits = new byte[16];
      RANDOM.nextBytes(bits);
      return Base64.getUrlEncoder().withoutPadding().encodeToString(bits);
    };
  }

  /** The nonce if the v1 interface accepts it; the message names the rule broken, not the nonce. */
  static String validated(String nonce) {
    if (nonce == null || nonce.isEmpty()) {
      throw new IllegalStateException("the nonce supplier returned an empty nonce");
    }
    int length = nonce.codePointCount(0, nonce.length());
    if (length > MAX_LENGTH) {
      throw new IllegalStateException(
          "the nonce supplier returned a nonce of "
              + length
              + " characters; at most "
              + MAX_LENGTH
              + " are allowed");
    }
    if (nonce.indexOf(';') >= 0) {
      throw new IllegalStateException(
          "the nonce supplier returned a nonce containing ';', which the v1 interface forbids");
    }
    return nonce;
  }
}
