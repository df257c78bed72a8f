package com.merchantpay.conformance.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The v1 signature, computed from the v1 document's rule alone (Authentication, rule 5): the values
 * of the operation's signed parameters in their listed order, starting with login, password and
 * nonce, an absent one contributing an empty string, joined with {@code ;}; SHA-1 of the UTF-8
 * bytes; base64 of the digest. The order comes from the document ({@code x-hashed-parameters}).
 */
public final class V1Signer {
  private V1Signer() {}

  /** The text that is hashed; it holds the password, so it is never printed. */
  public static String signedText(
      List<String> order, String login, String password, String nonce, Map<String, String> values) {
    StringJoiner text = new StringJoiner(";");
    for (String name : order) {
      String value =
          switch (name) {
            case "login" -> login;
            case "password" -> password;
            case "nonce" -> nonce;
            default -> values.get(name);
          };
      text.add(value == null ? "" : value);
    }
    return text.toString();
  }

  public static String hash(String signedText) {
    try {
      return Base64.getEncoder()
          .encodeToString(
              MessageDigest.getInstance("SHA-1")
                  .digest(signedText.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
