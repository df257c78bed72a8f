package com.merchantpay.v1;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.regex.Pattern;

/** Removes request secrets from text bound for logs and exception messages. */
final class Redaction {
  static final String MASK = "***";
  private static final int EXCERPT_LENGTH = 200;

  // name=value in query strings and form bodies, "name": "value" in JSON, <name>value</name> in XML,
  // "name value" in prose. Masking a harmless word after such a name is the price of never missing one.
  private static final Pattern SECRETS = Pattern.compile(
      "(?i)((?:hash|nonce|password)(?:\"?\\s*[=:]\\s*\"?|>|\\s+))[^&\\s\"<,}]*");

  private Redaction() {}

  static String redact(String text) {
    return text == null ? null : SECRETS.matcher(text).replaceAll("$1" + MASK);
  }

  /**
   * The start of a body on one line, redacted; empty for no body. {@code knownSecrets} are values sent with
   * the request (signature, nonce) that a server might echo without their names.
   */
  static String excerpt(byte[] body, Collection<String> knownSecrets) {
    if (body == null || body.length == 0) {
      return "";
    }
    String text = new String(body, 0, Math.min(body.length, EXCERPT_LENGTH * 4), StandardCharsets.UTF_8);
    for (String secret : knownSecrets) {
      if (secret != null && !secret.isEmpty()) {
        text = text.replace(secret, MASK);
      }
    }
    text = text.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
    if (text.length() > EXCERPT_LENGTH) {
      text = text.substring(0, EXCERPT_LENGTH) + "...";
    }
    return redact(text);
  }

  /** A throwable as "Type: message", redacted. */
  static String describe(Throwable problem) {
    String message = problem.getMessage();
    return problem.getClass().getSimpleName() + (message == null ? "" : ": " + redact(message));
  }
}
