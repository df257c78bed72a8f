package com.merchantpay.sandbox;

import com.merchantpay.masking.CardNumbers;
import com.merchantpay.masking.SecretNames;
import java.util.Locale;

/**
 * Keeps secrets out of what a verification prints: a card number shows its ends only ({@link
 * CardNumbers}, as everywhere in the product), and the value of a member or parameter whose name
 * says it is secret (the specs' secret members and the credentials of {@link SecretNames}) shows
 * nothing.
 */
final class Masking {
  private Masking() {}

  static String value(String text) {
    return text == null ? "null" : CardNumbers.mask(text);
  }

  /**
   * The value of the member or parameter with this name (or dotted path), as it may be shown: a
   * card number with its ends, any other secret ({@link SecretNames}) not at all. A verification
   * prints what a merchant sent, where {@code code} is the payer's one-time code of a complete.
   */
  static String value(String name, String text) {
    String last = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    boolean secret = SecretNames.isSecret(last) || last.equals("code");
    return text != null && secret && !last.equals("pan") ? "****" : value(text);
  }
}
