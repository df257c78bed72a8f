package com.merchantpay.v2;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A successful answer with what came with it: HTTP status and headers, the server's request id, the
 * idempotency key the call was sent with, and how many attempts it took.
 *
 * @param <T> the decoded body; {@code Void} for operations that answer with an empty body
 */
public final class Response<T> {
  private final int statusCode;
  private final Map<String, ? extends Collection<String>> received;
  private volatile Map<String, List<String>> headers;
  private final String requestId;
  private final String idempotencyKey;
  private final int attempts;
  private final boolean reconciled;
  private final T value;

  /**
   * @param headers as received; read into {@link #headers()} only when asked for, which most
   *     callers never do
   */
  Response(
      int statusCode,
      Map<String, ? extends Collection<String>> headers,
      String requestId,
      String idempotencyKey,
      int attempts,
      boolean reconciled,
      T value) {
    this.statusCode = statusCode;
    this.received = headers;
    this.requestId = requestId;
    this.idempotencyKey = idempotencyKey;
    this.attempts = attempts;
    this.reconciled = reconciled;
    this.value = value;
  }

  /** The HTTP status of the answer. */
  public int statusCode() {
    return statusCode;
  }

  /**
   * Response headers. The map looks names up regardless of letter case ({@code
   * headers().get("request-id")} finds {@code Request-Id}); how the server spelled them is not
   * kept.
   */
  public Map<String, List<String>> headers() {
    Map<String, List<String>> read = headers;
    if (read == null) {
      Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      received.forEach(
          (name, values) -> {
            if (name != null) {
              copy.put(name, List.copyOf(values));
            }
          });
      read = Collections.unmodifiableMap(copy);
      headers = read;
    }
    return read;
  }

  /** The server's request id ({@code Request-Id}), when it sent one. */
  public Optional<String> requestId() {
    return Optional.ofNullable(requestId);
  }

  /**
   * The key sent as {@code Idempotency-Key}: present for creating operations, given or generated.
   */
  public Optional<String> idempotencyKey() {
    return Optional.ofNullable(idempotencyKey);
  }

  /** Attempts it took, 1 when nothing was retried. */
  public int attempts() {
    return attempts;
  }

  /**
   * True when a retried update was refused as {@code invalid_operation} (or {@code
   * payment_token_revoked}) because an earlier attempt, whose answer was lost, had already done it:
   * the client read the resource, found it in the state the call asked for, and reports success.
   * The status, headers and request id are then those of that read; {@link #value()} is the
   * resource as read, or {@code null} for operations without a body.
   */
  public boolean reconciled() {
    return reconciled;
  }

  /** The decoded body; {@code null} for operations without one. */
  public T value() {
    return value;
  }

  @Override
  public String toString() {
    return "Response{status="
        + statusCode
        + ", requestId="
        + requestId
        + ", idempotencyKey="
        + idempotencyKey
        + ", attempts="
        + attempts
        + (reconciled ? ", reconciled" : "")
        + '}';
  }
}
