package com.merchantpay.conformance.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A {@code curl} command that repeats a call, secrets left out: each known secret (the bearer
 * tokens, the v1 password) becomes the environment variable that holds it, card data and
 * confirmation answers are masked, and a v1 signature is marked for signing again (a replayed nonce
 * would be refused anyway). A made-up token that a check sends on purpose is shown as it is.
 */
final class Curl {
  private static final Set<String> SKIPPED =
      Set.of("content-length", "host", "connection", "upgrade", "http2-settings", "user-agent");

  private Curl() {}

  /**
   * @param secrets each secret value of the run and the environment variable name to show instead
   */
  public static String of(Exchange exchange, Map<String, String> secrets) {
    StringBuilder curl =
        new StringBuilder("curl -sS -i -X ")
            .append(exchange.method())
            .append(' ')
            .append(quote(Redaction.text(exchange.uri().toString())));
    for (Map.Entry<String, List<String>> header : exchange.requestHeaders().entrySet()) {
      if (SKIPPED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        continue;
      }
      for (String value : header.getValue()) {
        String shown = value;
        boolean secret = false;
        for (Map.Entry<String, String> known : secrets.entrySet()) {
          if (!known.getKey().isEmpty() && shown.contains(known.getKey())) {
            shown = shown.replace(known.getKey(), "$" + known.getValue());
            secret = true;
          }
        }
        // Double quotes let the shell put the variable in; nothing else in a header needs them.
        curl.append(" -H ")
            .append(
                secret
                    ? "\"" + header.getKey() + ": " + shown + "\""
                    : quote(header.getKey() + ": " + shown));
      }
    }
    if (exchange.requestBody() != null && exchange.requestBody().length > 0) {
      String body = new String(exchange.requestBody(), StandardCharsets.UTF_8);
      curl.append(" --data-raw ").append(quote(Redaction.body(body)));
    }
    if (exchange.uri().getRawPath().startsWith("/api/v1/")) {
      curl.append("   # v1: sign again with a fresh nonce before sending");
    }
    return curl.toString();
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
