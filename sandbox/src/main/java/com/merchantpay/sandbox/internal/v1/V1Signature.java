package com.merchantpay.sandbox.internal.v1;

import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The v1 request signature: the operation's signed values (the order comes from {@code
 * x-hashed-parameters} of the v1 document) joined with {@code ;}, an absent value contributing an
 * empty string, then SHA-1 of the UTF-8 bytes, base64-encoded.
 */
public final class V1Signature {
  private V1Signature() {}

  /** The text that is hashed. It contains the password, so it must never be logged. */
  public static String signedText(
      List<String> order, String login, String password, Map<String, List<String>> params) {
    StringJoiner joined = new StringJoiner(";");
    for (String name : order) {
      String value =
          switch (name) {
            case "login" -> login;
            case "password" -> password;
            default -> HttpSupport.first(params, name);
          };
      joined.add(value == null ? "" : value);
    }
    return joined.toString();
  }

  public static String hash(String signedText) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-1").digest(signedText.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The document's nonce rules: present, at most 255 characters, no semicolon. */
  public static boolean isWellFormedNonce(String nonce) {
    return nonce != null && !nonce.isEmpty() && nonce.length() <= 255 && nonce.indexOf(';') < 0;
  }

  /**
   * Compares in constant time, so the answer time says nothing about how much of a guess was right.
   */
  public static boolean matches(String expected, String given) {
    return given != null
        && MessageDigest.isEqual(
            expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
  }
}
