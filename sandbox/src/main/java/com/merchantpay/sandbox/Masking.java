package com.merchantpay.sandbox;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of what a verification prints: a run of 12 to 19 digits (spaces or dashes
 * between them allowed) shows its ends only, and the value of a member or parameter whose name says
 * it is secret (a CVC, a password, a v1 hash, a cryptogram, a token) shows nothing.
 */
final class Masking {
  private static final Set<String> SECRET_NAMES =
      Set.of(
          "cvc", "cvv", "cvc2", "password", "hash", "cryptogram", "token", "accesstoken", "code");

  private static final Pattern CARD_NUMBER =
      Pattern.compile("(?<![0-9])[0-9](?:[ -]?[0-9]){11,18}(?![0-9])");

  private Masking() {}

  static String value(String text) {
    if (text == null) {
      return "null";
    }
    Matcher run = CARD_NUMBER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (run.find()) {
      String digits = run.group().replaceAll("[ -]", "");
      run.appendReplacement(
          out, digits.substring(0, 6) + "******" + digits.substring(digits.length() - 4));
    }
    return run.appendTail(out).toString();
  }

  /** The value of the member or parameter with this name (or dotted path), as it may be shown. */
  static String value(String name, String text) {
    String last = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    return text != null && SECRET_NAMES.contains(last) ? "****" : value(text);
  }
}
