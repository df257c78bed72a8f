package com.merchantpay.masking;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Card numbers in text, masked the one way the whole product shows them: the first six digits (the
 * issuer) and the last four, the rest as {@code *}, the grouping dropped ({@code 4111 1111 1111
 * 1111} becomes {@code 411111******1111}).
 *
 * <p>A card number here is any run of 12 to 19 digits, grouped or not by up to two spaces, dots or
 * dashes, outside a UUID. There is no Luhn check: a number one digit off a real card is as much the
 * payer's, and text a peer echoes may have it glued to a word. An order number or a timestamp that
 * long is masked too; that is the price of never showing a card.
 */
public final class CardNumbers {
  private static final Pattern CARD_NUMBER =
      Pattern.compile("(?<![0-9])[0-9](?:[ .-]{0,2}[0-9]){11,18}(?![0-9])");
  private static final Pattern UUID =
      Pattern.compile(
          "(?i)(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])");

  private CardNumbers() {}

  /** The text with every card number in it masked; null stays null. */
  public static String mask(String text) {
    if (text == null) {
      return null;
    }
    Matcher run = CARD_NUMBER.matcher(text);
    if (!run.find()) {
      return text;
    }
    List<int[]> uuids = new ArrayList<>();
    for (Matcher uuid = UUID.matcher(text); uuid.find(); ) {
      uuids.add(new int[] {uuid.start(), uuid.end()});
    }
    StringBuilder out = new StringBuilder(text.length());
    do {
      run.appendReplacement(
          out,
          insideAny(uuids, run.start(), run.end())
              ? Matcher.quoteReplacement(run.group())
              : masked(run.group().replaceAll("[^0-9]", "")));
    } while (run.find());
    return run.appendTail(out).toString();
  }

  private static String masked(String digits) {
    return digits.substring(0, 6)
        + "*".repeat(digits.length() - 10)
        + digits.substring(digits.length() - 4);
  }

  private static boolean insideAny(List<int[]> spans, int start, int end) {
    for (int[] span : spans) {
      if (start < span[1] && end > span[0]) {
        return true;
      }
    }
    return false;
  }
}
