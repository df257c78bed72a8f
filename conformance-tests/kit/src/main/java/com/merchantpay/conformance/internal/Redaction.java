package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.masking.CardNumbers;
import com.merchantpay.masking.SecretNames;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets in everything the kit prints or writes: card numbers (first six and last four
 * digits at most), CVCs, expiry dates, cryptograms, confirmation answers, payment token ids, bearer
 * tokens and v1 signatures, nonces and passwords. Test cards are masked too: a report is shared,
 * and a habit of printing card numbers is one nobody should learn from a test tool.
 */
public final class Redaction {
  /** Whether a member of this name holds a secret wherever it stands (any letter case). */
  static boolean secretMember(String name) {
    return SecretNames.isSecret(name);
  }

  /** Secrets shown by their last four characters, as the specs' {@code x-mask: last4} says. */
  private static final Set<String> LAST_FOUR =
      Set.of("tokenid", "useridentifier", "userphonenumber");

  private static final Set<String> TOKEN_HOLDERS = Set.of("token", "paymentToken");
  private static final Pattern FORM_SECRET =
      Pattern.compile("(?i)\\b(" + names() + ")=([^&\\s\"]*)");
  private static final Pattern XML_SECRET = Pattern.compile("(?i)<(" + names() + ")>[^<]*</\\1>");

  /** A secret member of JSON quoted inside text that is not JSON itself (an echo, a page). */
  private static final Pattern QUOTED_SECRET =
      Pattern.compile(
          "(?i)(\\\\?\"(?:" + names() + ")\\\\?\"\\s*:\\s*\\\\?\")" + "([^\"\\\\\\s]*)");

  /** A bearer credential written out in text: whoever's it is, it is shown as a mask. */
  private static final Pattern BEARER =
      Pattern.compile("(?i)\\b(Bearer\\s+)[A-Za-z0-9._~+/=-]{3,}");

  private static final Pattern TOKEN_PATH = Pattern.compile("(/paymenttokens/)([^/?#]+)");

  private Redaction() {}

  /** The secret names but a card number's, which {@link CardNumbers} masks keeping its ends. */
  private static String names() {
    return java.util.stream.Stream.of(
            SecretNames.MEMBERS, SecretNames.SIGNING, SecretNames.CREDENTIALS)
        .flatMap(Set::stream)
        .filter(name -> !name.equals("pan"))
        .map(Pattern::quote)
        .collect(java.util.stream.Collectors.joining("|"));
  }

  /** A body, JSON or text, with its secrets masked. */
  public static String body(String text) {
    return body(text, false);
  }

  /**
   * A body with its secrets masked; in the body of a payment token (or a list or notification of
   * them) the top-level {@code id} is the token itself, a secret too.
   */
  public static String body(String text, boolean tokenBody) {
    if (text == null || text.isEmpty()) {
      return "";
    }
    JsonNode json = Json.parseOrNull(text.getBytes(StandardCharsets.UTF_8));
    if (json != null && (json.isObject() || json.isArray())) {
      JsonNode copy = json.deepCopy();
      mask(copy, tokenBody ? "token" : null);
      return Json.text(copy);
    }
    return text(text);
  }

  /** A form body, query string or free text with card numbers, signatures and passwords masked. */
  public static String text(String text) {
    String masked = FORM_SECRET.matcher(text).replaceAll("$1=***");
    masked = XML_SECRET.matcher(masked).replaceAll("<$1>***</$1>");
    masked = BEARER.matcher(masked).replaceAll("$1***");
    masked =
        QUOTED_SECRET.matcher(masked).replaceAll(m -> Matcher.quoteReplacement(m.group(1)) + "***");
    masked =
        TOKEN_PATH
            .matcher(masked)
            .replaceAll(m -> Matcher.quoteReplacement(m.group(1) + last4(m.group(2))));
    return cardNumbers(masked);
  }

  /**
   * Masks the piece of a secret left before each place a summary was cut ({@link Exchange#CUT}): a
   * whole secret is replaced where it appears, but one the cut split shows only its start, which no
   * search for the whole finds.
   */
  static String cutSecrets(String text, Iterable<String> secrets) {
    String out = text;
    for (String secret : secrets) {
      int at = out.indexOf(Exchange.CUT);
      while (at >= 0) {
        for (int length = Math.min(secret.length() - 1, at); length >= SHORTEST_PIECE; length--) {
          if (out.regionMatches(at - length, secret, 0, length)) {
            out = out.substring(0, at - length) + "***" + out.substring(at);
            at = at - length + 3;
            break;
          }
        }
        at = out.indexOf(Exchange.CUT, at + 1);
      }
    }
    return out;
  }

  /** Fewer characters of a secret than this, left at a cut, say nothing worth masking. */
  static final int SHORTEST_PIECE = 3;

  public static String cardNumbers(String text) {
    return CardNumbers.mask(text);
  }

  public static String last4(String secret) {
    return secret.length() <= 4 ? "****" : "****" + secret.substring(secret.length() - 4);
  }

  private static void mask(JsonNode node, String parentName) {
    if (node instanceof ObjectNode object) {
      // The code member of an error body (it has a message) is an error code, not a one-time
      // password.
      boolean errorBody = object.has("message");
      for (Map.Entry<String, JsonNode> member : object.properties()) {
        String name = member.getKey();
        JsonNode value = member.getValue();
        boolean tokenId =
            name.equals("id") && parentName != null && TOKEN_HOLDERS.contains(parentName);
        boolean otp = name.equals("code") && !errorBody;
        String lower = name.toLowerCase(Locale.ROOT);
        boolean secret = SecretNames.isSecret(name);
        if (value.isValueNode() && (secret || tokenId || otp)) {
          object.put(
              name,
              lower.equals("pan")
                  ? cardNumbers(value.asText())
                  : tokenId || LAST_FOUR.contains(lower) ? last4(value.asText()) : "***");
        } else if (value.isTextual()) {
          // Free text inside JSON (a message, an echoed header) can hold a card number or a
          // bearer credential too.
          String text = value.textValue();
          String masked = text(text);
          if (!masked.equals(text)) {
            object.put(name, masked);
          }
        } else {
          mask(value, name);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode item = array.get(i);
        if (item.isTextual()) {
          array.set(i, text(item.textValue()));
        } else {
          mask(item, parentName);
        }
      }
    }
  }
}
