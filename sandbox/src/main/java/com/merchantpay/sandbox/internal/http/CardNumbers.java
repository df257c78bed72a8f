package com.merchantpay.sandbox.internal.http;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Card numbers in text the sandbox shows (an answer, the journal, a verification): a run of 12 to
 * 19 digits, spaces or dashes between them allowed, keeps its first six and last four digits only.
 */
public final class CardNumbers {
  private static final Pattern CARD_NUMBER =
      Pattern.compile("(?<![0-9])[0-9](?:[ -]?[0-9]){11,18}(?![0-9])");

  private CardNumbers() {}

  public static String masked(String text) {
    Matcher run = CARD_NUMBER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (run.find()) {
      String digits = run.group().replaceAll("[ -]", "");
      run.appendReplacement(
          out, digits.substring(0, 6) + "******" + digits.substring(digits.length() - 4));
    }
    return run.appendTail(out).toString();
  }
}
