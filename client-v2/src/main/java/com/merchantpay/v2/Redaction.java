package com.merchantpay.v2;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks what must never reach a log or an exception message: card-number-like digit runs (keeping the last
 * four) and bearer tokens. Applied to everything the service sends back that we repeat in messages, because
 * a server or proxy may echo a request.
 */
final class Redaction {
  static final int EXCERPT_LENGTH = 200;

  // 12 to 19 digits, possibly grouped by spaces or dashes: the shapes of a primary account number.
  private static final Pattern CARD_NUMBER = Pattern.compile("(?<!\\d)(?:\\d[ -]?){8,15}(\\d{4})(?!\\d)");
  // RFC 6750 token68 characters.
  private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]+");
  private static final Pattern CVC = Pattern.compile("(?i)(\"?\\b(?:cvc2?|cvv2?|cvn)\"?\\W{0,4})\\d{3,4}(?!\\d)");
  private static final Pattern CVC_MEMBER = Pattern.compile("(?i)(\"cvc\"\\s*:\\s*\")[^\"]*");

  private Redaction() {}

  /** Masks card-like numbers, CVCs, bearer tokens, and each of the known secrets wherever it appears. */
  static String redact(String text, String... knownSecrets) {
    if (text == null) {
      return null;
    }
    String masked = text;
    for (String secret : knownSecrets) {
      if (secret != null && secret.length() >= 4) {
        masked = masked.replace(secret, "***");
      }
    }
    masked = CVC_MEMBER.matcher(masked).replaceAll("$1***");
    masked = CVC.matcher(masked).replaceAll("$1***");
    masked = BEARER.matcher(masked).replaceAll("$1***");
    Matcher card = CARD_NUMBER.matcher(masked);
    return card.replaceAll(match -> "***" + Matcher.quoteReplacement(match.group(1)));
  }

  /** The start of a body as one short, redacted line; {@code null} for an empty body. */
  static String excerpt(byte[] body, String... knownSecrets) {
    if (body == null || body.length == 0) {
      return null;
    }
    int length = Math.min(body.length, EXCERPT_LENGTH * 4);
    String text = new String(body, 0, length, StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
    String redacted = redact(text, knownSecrets);
    return redacted.length() > EXCERPT_LENGTH || length < body.length
        ? redacted.substring(0, Math.min(redacted.length(), EXCERPT_LENGTH)) + "…"
        : redacted;
  }
}
