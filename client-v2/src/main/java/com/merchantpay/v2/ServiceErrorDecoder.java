package com.merchantpay.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.v2.internal.Redaction;
import com.merchantpay.v2.model.ErrorCode;
import feign.Response;
import feign.codec.ErrorDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Turns every non-2xx answer into a {@link ServiceException} chosen by the error body's {@code
 * code} (the status only decides when there is no documented body), carrying the operation, request
 * id, idempotency key and {@code Retry-After}.
 */
final class ServiceErrorDecoder implements ErrorDecoder {
  static final int MAX_ERROR_BODY = 64 * 1024;

  /** Longer waits than a day are taken as a day: no call deadline is that long anyway. */
  static final Duration MAX_RETRY_AFTER = Duration.ofDays(1);

  private final ObjectMapper mapper;
  private final Supplier<Instant> now;

  ServiceErrorDecoder(ObjectMapper mapper, Supplier<Instant> now) {
    this.mapper = mapper;
    this.now = now;
  }

  @Override
  public Exception decode(String methodKey, Response response) {
    byte[] body = readBounded(response);
    String operation = operationOf(methodKey);
    String[] secrets = Redaction.secretsOf(response.request());
    ServiceError error =
        new ServiceError(
            operation,
            response.status(),
            null,
            null,
            List.of(),
            Redaction.excerpt(body, operation, secrets),
            clean(requestId(response.headers()), secrets),
            header(response.request().headers(), "Idempotency-Key"),
            retryAfter(header(response.headers(), "Retry-After")));
    JsonNode json = parseJson(body);
    if (json != null && json.path("code").isTextual()) {
      error =
          new ServiceError(
              error.operation,
              error.statusCode,
              ErrorCode.fromValue(clean(json.get("code").asText(), secrets)),
              Redaction.redact(json.path("message").asText(null), secrets),
              messages(json.path("errors"), secrets),
              null,
              error.requestId,
              error.idempotencyKey,
              error.retryAfter);
    }
    return error.toException();
  }

  /**
   * An error code or request id as the service sent it, but never a carrier: secrets of the request
   * masked, line breaks and other control characters (a forged log line) replaced, and no longer
   * than such a value is.
   */
  static String clean(String value, String[] secrets) {
    if (value == null) {
      return null;
    }
    // Every control character, C1 and the Unicode line breaks included: none may start a log line.
    String cleaned = Redaction.redact(value, secrets).replaceAll("[\\p{Cc}\\u2028\\u2029]", "?");
    return cleaned.length() > MAX_VALUE ? cleaned.substring(0, MAX_VALUE) + "..." : cleaned;
  }

  /** Longer than any code of the documents' error table, or any request id, by far. */
  private static final int MAX_VALUE = 128;

  private JsonNode parseJson(byte[] body) {
    if (body == null || body.length == 0) {
      return null;
    }
    try {
      JsonNode node = mapper.readTree(body);
      return node != null && node.isObject() ? node : null;
    } catch (IOException notJson) {
      return null;
    }
  }

  private static List<String> messages(JsonNode errors, String[] secrets) {
    List<String> messages = new ArrayList<>();
    if (errors.isArray()) {
      // Documented as strings; an object per error is kept readable rather than dropped.
      errors.forEach(
          entry ->
              messages.add(
                  Redaction.redact(
                      entry.isTextual() ? entry.asText() : entry.toString(), secrets)));
    }
    return messages;
  }

  private static byte[] readBounded(Response response) {
    if (response.body() == null) {
      return new byte[0];
    }
    try (InputStream in = response.body().asInputStream()) {
      return in.readNBytes(MAX_ERROR_BODY);
    } catch (IOException e) {
      return new byte[0];
    }
  }

  /**
   * "PaymentsApi#createPaymentWithHttpInfo(Options,String,CreatePaymentRequest)" becomes
   * "createPayment".
   */
  static String operationOf(String methodKey) {
    int start = methodKey.indexOf('#') + 1;
    int end = methodKey.indexOf('(', start);
    String method = methodKey.substring(start, end < 0 ? methodKey.length() : end);
    return method.endsWith("WithHttpInfo")
        ? method.substring(0, method.length() - "WithHttpInfo".length())
        : method;
  }

  static String requestId(Map<String, Collection<String>> headers) {
    String id = header(headers, "Request-Id");
    return id != null ? id : header(headers, "X-Request-Id");
  }

  static String header(Map<String, Collection<String>> headers, String name) {
    if (headers == null) {
      return null;
    }
    for (Map.Entry<String, Collection<String>> entry : headers.entrySet()) {
      if (entry.getKey() != null
          && entry.getKey().equalsIgnoreCase(name)
          && !entry.getValue().isEmpty()) {
        return entry.getValue().iterator().next();
      }
    }
    return null;
  }

  /** Retry-After as delta-seconds or an HTTP date; anything else is ignored. */
  Duration retryAfter(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String trimmed = value.trim();
    try {
      long seconds = Long.parseLong(trimmed);
      return seconds < 0
          ? null
          : Duration.ofSeconds(Math.min(seconds, MAX_RETRY_AFTER.getSeconds()));
    } catch (NumberFormatException notSeconds) {
      try {
        Duration until =
            Duration.between(
                now.get(),
                ZonedDateTime.parse(trimmed, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
        return until.isNegative()
            ? Duration.ZERO
            : until.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : until;
      } catch (DateTimeParseException notADate) {
        return null;
      }
    }
  }
}
