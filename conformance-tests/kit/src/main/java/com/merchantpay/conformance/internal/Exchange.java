package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One call as it went over the wire: the request exactly as sent and the answer exactly as received
 * (or the transport error instead of an answer). Checks judge these, never decoded objects.
 */
record Exchange(
    String method,
    URI uri,
    Map<String, List<String>> requestHeaders,
    byte[] requestBody,
    int status,
    Map<String, List<String>> headers,
    byte[] body,
    long millis,
    String transportError) {

  /**
   * Where a summary's body was cut: a secret that straddled it is masked by whoever knows the
   * secrets (the run's report), see {@link Redaction#cutSecrets}.
   */
  static final String CUT = "... (";

  /** The most of an answer's body an exchange kept past its check holds, see {@link #kept}. */
  static final int KEPT_BODY = 64 * 1024;

  public String path() {
    return uri.getRawPath();
  }

  public boolean answered() {
    return transportError == null;
  }

  public String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  public String header(String name) {
    return header(headers, name);
  }

  public String requestHeader(String name) {
    return header(requestHeaders, name);
  }

  /** The body as JSON, or null when it is not JSON. */
  public JsonNode json() {
    return Json.parseOrNull(body);
  }

  /** The v2 error code of the answer, or null. */
  public String errorCode() {
    JsonNode json = json();
    return json != null && json.path("code").isTextual() ? json.path("code").asText() : null;
  }

  /** The v1 envelope's ErrorCode, or null when the answer carries none. */
  public Integer v1ErrorCode() {
    JsonNode json = json();
    return json != null && json.path("ErrorCode").isIntegralNumber()
        ? json.path("ErrorCode").intValue()
        : null;
  }

  /** A short description of the answer for a report: status and the start of the body. */
  public String summary() {
    if (!answered()) {
      return "no answer: " + transportError;
    }
    String text = Redaction.body(text(), tokenBody());
    if (text.length() > 600) {
      text =
          text.substring(0, 600)
              + CUT
              + (body.length >= KEPT_BODY ? KEPT_BODY + " bytes or more" : body.length + " bytes")
              + ")";
    }
    return "HTTP " + status + (text.isEmpty() ? " (no body)" : " " + text.replace('\n', ' '));
  }

  /**
   * This exchange as kept until the run ends (by the ledger, for the report): an answer's body over
   * {@link #KEPT_BODY} is masked, then cut to that size, so a target answering large bodies cannot
   * fill the kit's memory with the ones it keeps, and the cut cannot split a secret unmasked.
   */
  Exchange kept() {
    if (body.length <= KEPT_BODY) {
      return this;
    }
    byte[] masked = Redaction.body(text(), tokenBody()).getBytes(StandardCharsets.UTF_8);
    return new Exchange(
        method,
        uri,
        requestHeaders,
        requestBody,
        status,
        headers,
        Arrays.copyOf(masked, Math.min(masked.length, KEPT_BODY)),
        millis,
        transportError);
  }

  /** In the body of a payment token, or of a list of them, the top-level id is a secret too. */
  private boolean tokenBody() {
    return path().contains("/paymenttokens") || path().contains("/tokenization");
  }

  static String header(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
      if (entry.getKey().equalsIgnoreCase(name) && !entry.getValue().isEmpty()) {
        return entry.getValue().get(0);
      }
    }
    return null;
  }
}
