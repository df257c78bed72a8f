package com.merchantpay.v2;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A successful answer with what came with it: HTTP status and headers, the server's request id, the
 * idempotency key the call was sent with, and how many attempts it took.
 *
 * @param <T> the decoded body; {@code Void} for operations that answer with an empty body
 */
public final class Response<T> {
  private final int statusCode;
  private final Map<String, List<String>> headers;
  private final String requestId;
  private final String idempotencyKey;
  private final int attempts;
  private final T value;

  Response(int statusCode, Map<String, List<String>> headers, String requestId, String idempotencyKey, int attempts, T value) {
    this.statusCode = statusCode;
    this.headers = headers;
    this.requestId = requestId;
    this.idempotencyKey = idempotencyKey;
    this.attempts = attempts;
    this.value = value;
  }

  /** The HTTP status of the answer. */
  public int statusCode() {
    return statusCode;
  }

  /** Response headers; names as the server sent them. */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** The server's request id ({@code Request-Id}), when it sent one. */
  public Optional<String> requestId() {
    return Optional.ofNullable(requestId);
  }

  /** The key sent as {@code Idempotency-Key}: present for creating operations, given or generated. */
  public Optional<String> idempotencyKey() {
    return Optional.ofNullable(idempotencyKey);
  }

  /** Attempts it took, 1 when nothing was retried. */
  public int attempts() {
    return attempts;
  }

  /** The decoded body; {@code null} for operations without one. */
  public T value() {
    return value;
  }

  @Override
  public String toString() {
    return "Response{status=" + statusCode + ", requestId=" + requestId + ", idempotencyKey=" + idempotencyKey
        + ", attempts=" + attempts + '}';
  }
}
