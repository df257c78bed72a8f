package com.merchantpay.sandbox;

import com.merchantpay.masking.CardNumbers;
import java.util.Locale;
import java.util.Set;

/**
 * Keeps secrets out of what a verification prints: a card number shows its ends only ({@link
 * CardNumbers}, as everywhere in the product), and the value of a member or parameter whose name
 * says it is secret (a CVC, a password, a v1 hash, a cryptogram, a token) shows nothing.
 */
final class Masking {
  private static final Set<String> SECRET_NAMES =
      Set.of(
          "cvc",
          "cvv",
          "cvc2",
          "password",
          "hash",
          "cryptogram",
          "token",
          "accesstoken",
          "code",
          "authorization");

  private Masking() {}

  static String value(String text) {
    return text == null ? "null" : CardNumbers.mask(text);
  }

  /** The value of the member or parameter with this name (or dotted path), as it may be shown. */
  static String value(String name, String text) {
    String last = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    return text != null && SECRET_NAMES.contains(last) ? "****" : value(text);
  }
}
