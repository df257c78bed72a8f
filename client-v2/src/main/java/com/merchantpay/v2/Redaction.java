package com.merchantpay.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import feign.Request;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks what must never reach a log or an exception message, because a server or proxy may echo a request:
 * card numbers (keeping the last four digits), CVCs, bearer tokens, the members of the API description that
 * carry secrets, and the exact secret values the request carried.
 */
final class Redaction {
  static final int EXCERPT_LENGTH = 200;

  /**
   * Members that carry secrets (the {@code x-sensitive} properties of the API description); {@code code}
   * (the SMS code) is masked through the request's own values, since {@code code} is also the error code.
   */
  static final Set<String> SECRET_MEMBERS =
      Set.of("pan", "expiry", "cvc", "cryptogram", "cres", "PARes", "authorizationCode", "tokenId");

  /** Operations whose answers carry a payment token id in their {@code id} member. */
  private static final Set<String> TOKEN_OPERATIONS =
      Set.of("createPaymentToken", "completePaymentToken", "getPaymentToken", "revokePaymentToken");

  // 13 to 19 digits, optionally grouped by up to two spaces, dots or dashes; not part of a longer word,
  // number or UUID. Only Luhn-valid runs are masked, so order numbers and amounts mostly stay readable.
  private static final Pattern DIGIT_RUN = Pattern.compile("(?<![\\w-])\\d(?:[ .-]{0,2}\\d){12,18}(?!\\w)");
  // RFC 6750 token68 characters.
  private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]+");
  private static final Pattern CRYPTOGRAM = Pattern.compile("(?i)(\\bcryptogram\"?\\W{0,4})[A-Za-z0-9+/=_-]{8,}");
  private static final Pattern CVC = Pattern.compile("(?i)(\"?\\b(?:cvc2?|cvv2?|cvn)\"?\\W{0,4})\\d{3,4}(?!\\d)");
  private static final Pattern SECRET_MEMBER =
      Pattern.compile("(\"(?:" + String.join("|", SECRET_MEMBERS) + ")\"\\s*:\\s*\")[^\"]*");
  private static final Pattern ID_MEMBER = Pattern.compile("(\"id\"\\s*:\\s*\")[^\"]*");
  private static final ObjectMapper JSON = new ObjectMapper();

  private Redaction() {}

  /** Masks card numbers, CVCs, bearer tokens, secret members, and each known secret wherever it appears. */
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
    masked = SECRET_MEMBER.matcher(masked).replaceAll("$1***");
    masked = CVC.matcher(masked).replaceAll("$1***");
    masked = CRYPTOGRAM.matcher(masked).replaceAll("$1***");
    masked = BEARER.matcher(masked).replaceAll("$1***");
    return DIGIT_RUN.matcher(masked).replaceAll(Redaction::maskIfCardNumber);
  }

  /**
   * The start of a body as one short, redacted line; {@code null} for an empty body. The whole bounded body
   * is redacted before it is cut, so a card number cannot escape by straddling the cut.
   */
  static String excerpt(byte[] body, String operation, String... knownSecrets) {
    if (body == null || body.length == 0) {
      return null;
    }
    String text = redact(new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim(), knownSecrets);
    if (TOKEN_OPERATIONS.contains(operation)) {
      text = ID_MEMBER.matcher(text).replaceAll("$1***");
    }
    return text.length() > EXCERPT_LENGTH ? text.substring(0, EXCERPT_LENGTH) + "…" : text;
  }

  /**
   * The secret values a request carried: its bearer token, a payment token id in its path, and the values
   * of secret members in its JSON body. Answers that echo them are masked with these.
   */
  static String[] secretsOf(Request request) {
    if (request == null) {
      return new String[0];
    }
    List<String> secrets = new ArrayList<>();
    String authorization = header(request.headers(), "Authorization");
    if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      secrets.add(authorization.substring(7).trim());
    }
    Matcher tokenPath = Pattern.compile("/paymenttokens/([^/?]+)").matcher(request.url());
    if (tokenPath.find()) {
      secrets.add(java.net.URLDecoder.decode(tokenPath.group(1), StandardCharsets.UTF_8));
      secrets.add(tokenPath.group(1));
    }
    if (request.body() != null && request.body().length > 0) {
      try {
        collectSecretValues(JSON.readTree(request.body()), null, secrets);
      } catch (IOException notJson) {
        // A form or empty body carries none of the JSON members.
      }
    }
    return secrets.toArray(String[]::new);
  }

  private static void collectSecretValues(JsonNode node, String memberName, List<String> secrets) {
    if (node == null) {
      return;
    }
    if (node.isObject()) {
      node.properties().forEach(member -> {
        String name = member.getKey();
        JsonNode value = member.getValue();
        boolean secret = SECRET_MEMBERS.contains(name) || name.equals("code") && !value.isContainerNode()
            || name.equals("id") && "token".equals(memberName);
        if (secret && value.isValueNode()) {
          secrets.add(value.asText());
        } else {
          collectSecretValues(value, name, secrets);
        }
      });
    } else if (node.isArray()) {
      node.forEach(element -> collectSecretValues(element, memberName, secrets));
    }
  }

  private static String maskIfCardNumber(java.util.regex.MatchResult run) {
    String digits = run.group().replaceAll("[^0-9]", "");
    return digits.length() >= 13 && luhnValid(digits)
        ? "***" + digits.substring(digits.length() - 4)
        : Matcher.quoteReplacement(run.group());
  }

  static boolean luhnValid(String digits) {
    int sum = 0;
    boolean doubled = false;
    for (int i = digits.length() - 1; i >= 0; i--) {
      int digit = digits.charAt(i) - '0';
      if (doubled) {
        digit *= 2;
        if (digit > 9) {
          digit -= 9;
        }
      }
      sum += digit;
      doubled = !doubled;
    }
    return sum % 10 == 0;
  }

  private static String header(Map<String, Collection<String>> headers, String name) {
    return ServiceErrorDecoder.header(headers, name);
  }
}
