package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * One call as it went over the wire: the request exactly as sent and the answer exactly as received
 * (or the transport error instead of an answer). Checks judge these, never decoded objects.
 */
public record Exchange(
    String method,
    URI uri,
    Map<String, List<String>> requestHeaders,
    byte[] requestBody,
    int status,
    Map<String, List<String>> headers,
    byte[] body,
    long millis,
    String transportError) {

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
    String text =
        Redaction.body(
            text(), path().contains("/paymenttokens") || path().contains("/tokenization"));
    if (text.length() > 600) {
      text = text.substring(0, 600) + "... (" + body.length + " bytes)";
    }
    return "HTTP " + status + (text.isEmpty() ? " (no body)" : " " + text.replace('\n', ' '));
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
