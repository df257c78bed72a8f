package com.merchantpay.v2;

import com.merchantpay.v2.internal.ApiResponse;
import feign.codec.DecodeException;
import feign.FeignException;
import feign.Request;
import feign.RetryableException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * Runs one logical call: chooses its idempotency key once, sends attempts with fresh auth headers and a
 * read timeout that never outlives the call's deadline, and retries only what {@link RetryPolicy} says is
 * safe. What it logs is the operation, status, timing, attempt, request id and idempotency key: never a
 * header value, a URL or a body.
 */
final class CallExecutor {

  /** One attempt of an operation through the generated interface. */
  interface Attempt<T> {
    ApiResponse<T> send(Request.Options options, Map<String, Object> headers, String idempotencyKey);
  }

  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final Supplier<String> accessToken;
  private final String userAgent;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration callTimeout;
  private final RetryPolicy retryPolicy;
  private final Logger log;
  private final Sleeper sleeper;
  private final DoubleSupplier random;
  private final Supplier<String> idempotencyKeys;
  private final LongSupplier nanoTime;

  CallExecutor(Supplier<String> accessToken, String userAgent, Duration connectTimeout, Duration readTimeout,
      Duration callTimeout, RetryPolicy retryPolicy, Logger log, Sleeper sleeper, DoubleSupplier random,
      Supplier<String> idempotencyKeys, LongSupplier nanoTime) {
    this.accessToken = accessToken;
    this.userAgent = userAgent;
    this.connectTimeout = connectTimeout;
    this.readTimeout = readTimeout;
    this.callTimeout = callTimeout;
    this.retryPolicy = retryPolicy;
    this.log = log;
    this.sleeper = sleeper;
    this.random = random;
    this.idempotencyKeys = idempotencyKeys;
    this.nanoTime = nanoTime;
  }

  <T> Response<T> execute(Operation operation, RequestOptions options, Attempt<T> attempt) {
    String key = operation.kind == Operation.Kind.CREATE
        ? options.idempotencyKey().orElseGet(idempotencyKeys)
        : null;
    RetryPolicy policy = options.retryPolicy().orElse(retryPolicy);
    long attemptTimeout = options.readTimeout().orElse(readTimeout).toMillis();
    long deadline = nanoTime.getAsLong() + options.callTimeout().orElse(callTimeout).toNanos();

    for (int attemptNumber = 1; ; attemptNumber++) {
      long remaining = millisUntil(deadline);
      Request.Options timeouts = new Request.Options(
          connectTimeout.toMillis(), TimeUnit.MILLISECONDS,
          Math.max(1, Math.min(attemptTimeout, remaining)), TimeUnit.MILLISECONDS, false);
      long started = nanoTime.getAsLong();
      MerchantPayException failure;
      Duration retryAfter = null;
      boolean safeToRetry;
      try {
        ApiResponse<T> response = attempt.send(timeouts, headers(options), key);
        String requestId = response.header("Request-Id").orElse(response.header("X-Request-Id").orElse(null));
        log.debug("{} answered HTTP {} in {} ms (attempt {}, request-id {}, idempotency-key {})", operation.id,
            response.getStatusCode(), elapsedMillis(started), attemptNumber, requestId, key);
        return new Response<>(response.getStatusCode(), copyOf(response.getHeaders()), requestId, key,
            attemptNumber, response.getData());
      } catch (ServiceException e) {
        failure = e;
        retryAfter = e.getRetryAfter().orElse(null);
        safeToRetry = isTransient(e.getStatusCode())
            && (operation.kind != Operation.Kind.UPDATE || policy.retryUpdatesWhenOutcomeUnknown());
      } catch (RetryableException e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        boolean neverSent = provablyNeverSent(cause);
        failure = isReadTimeout(cause)
            ? new RequestTimeoutException(describe(cause), operation.id, key, attemptNumber, cause)
            : new TransportException(describe(cause), operation.id, key, attemptNumber, neverSent, cause);
        safeToRetry = operation.kind != Operation.Kind.UPDATE || neverSent || policy.retryUpdatesWhenOutcomeUnknown();
        if (cause instanceof InterruptedIOException && Thread.currentThread().isInterrupted()) {
          throw failure;
        }
      } catch (DecodeException e) {
        if (e.getCause() instanceof MerchantPayException) {
          throw (MerchantPayException) e.getCause();
        }
        throw e;
      } catch (FeignException e) {
        // Feign reports a request it could not build this way; that is a bug, not a service answer.
        throw new IllegalStateException(operation.id + ": the request could not be sent: " + e.getClass().getSimpleName(), e);
      }

      if (!safeToRetry || attemptNumber >= policy.maxAttempts()) {
        log.debug("{} failed after {} attempt(s): {}", operation.id, attemptNumber, failure.getMessage());
        throw failure;
      }
      Duration wait = policy.backoff(attemptNumber, retryAfter, random);
      if (wait.toMillis() >= millisUntil(deadline)) {
        log.debug("{} failed and its deadline leaves no time for another attempt: {}", operation.id, failure.getMessage());
        throw failure;
      }
      log.info("{} attempt {} failed ({}); retrying in {} ms", operation.id, attemptNumber, failure.getMessage(), wait.toMillis());
      try {
        sleeper.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw failure;
      }
    }
  }

  /**
   * The page of a list at {@code cursor} (null for the first), whose next pages are fetched the same way
   * with the same options.
   */
  <L, T> Page<T> page(Operation operation, RequestOptions options, String cursor,
      Function<String, Attempt<L>> attemptAt, Function<L, List<T>> items, Function<L, String> nextCursor) {
    L list = execute(operation, options, attemptAt.apply(cursor)).value();
    return new Page<>(items.apply(list), nextCursor.apply(list),
        next -> page(operation, options, next, attemptAt, items, nextCursor));
  }

  private Map<String, Object> headers(RequestOptions options) {
    String token = options.accessToken().orElseGet(accessToken);
    if (token == null || token.isBlank()) {
      throw new IllegalStateException("the access token supplier returned no token");
    }
    Map<String, Object> headers = new LinkedHashMap<>();
    headers.put("Authorization", "Bearer " + AccessTokens.requireValid(token));
    headers.put("User-Agent", userAgent);
    return headers;
  }

  private static boolean isTransient(int status) {
    return status == 429 || status == 502 || status == 503 || status == 504;
  }

  /** A refused or never-opened connection: nothing reached the service, so even a PUT may be retried. */
  private static boolean provablyNeverSent(Throwable cause) {
    return cause instanceof ConnectException
        || cause instanceof HttpConnectTimeoutException
        || cause instanceof UnknownHostException
        || cause instanceof NoRouteToHostException;
  }

  private static boolean isReadTimeout(Throwable cause) {
    return cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException);
  }

  private static String describe(Throwable cause) {
    if (cause instanceof HttpConnectTimeoutException) {
      return "could not connect in time";
    }
    if (cause instanceof ConnectException) {
      return "connection refused";
    }
    if (isReadTimeout(cause)) {
      return "timed out waiting for the answer";
    }
    String message = cause.getMessage();
    return "no usable answer: " + cause.getClass().getSimpleName() + (message == null ? "" : " " + Redaction.redact(message));
  }

  private long millisUntil(long deadlineNanos) {
    return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - nanoTime.getAsLong());
  }

  private long elapsedMillis(long startedNanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanoTime.getAsLong() - startedNanos);
  }

  private static Map<String, List<String>> copyOf(Map<String, ? extends java.util.Collection<String>> headers) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
    return java.util.Collections.unmodifiableMap(copy);
  }
}
