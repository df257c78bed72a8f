package com.merchantpay.v2;

import com.merchantpay.observation.AttemptEnd;
import com.merchantpay.observation.CallEnd;
import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallListeners;
import com.merchantpay.observation.CallObserver;
import com.merchantpay.observation.CallStart;
import com.merchantpay.observation.Masking;
import com.merchantpay.v2.internal.ApiResponse;
import com.merchantpay.v2.internal.BoundedTransport;
import com.merchantpay.v2.internal.Redaction;
import com.merchantpay.v2.internal.TlsContexts;
import feign.FeignException;
import feign.Request;
import feign.RetryableException;
import feign.codec.DecodeException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import javax.net.ssl.SSLHandshakeException;
import org.slf4j.Logger;

/**
 * Runs one logical call: chooses its idempotency key once, sends attempts with fresh auth headers
 * and a read timeout that never outlives the call's deadline, and retries only what {@link
 * RetryPolicy} says is safe. What it logs is the operation, status, timing, attempt, request id and
 * idempotency key: never a header value, a URL or a body.
 */
final class CallExecutor {
  /** An attempt with less time than this left before the deadline is not started. */
  static final long MIN_ATTEMPT_MILLIS = 50;

  /**
   * One attempt of an operation through the generated interface. The attempt's own headers
   * (credentials, user agent) ride on {@code options} ({@link BoundedTransport.CallOptions});
   * {@code headers} go through Feign's templates and are empty.
   */
  interface Attempt<T> {
    ApiResponse<T> send(
        Request.Options options, Map<String, Object> headers, String idempotencyKey);
  }

  private static final Map<String, Object> NO_TEMPLATE_HEADERS = Map.of();

  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  /**
   * For an update: reads the resource after a retry was refused because the resource is already in
   * another state, and says whether that state is the one the call asked for (then an earlier
   * attempt, whose answer was lost, did it). Null when it is not.
   */
  interface Reconciler<T> {
    Reconciled<T> check();
  }

  /** An update found done by a read: the read's answer, and the value to return. */
  record Reconciled<T>(Response<?> read, T value) {}

  private final Supplier<String> accessToken;
  private final boolean accessTokenRefreshable;
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
  private final CallListener listener;

  /** The headers made for the last token, checked and made again only when the token changes. */
  private record Headers(String token, Map<String, String> headers) {
    @Override
    public String toString() {
      return "Headers[credentials masked]";
    }
  }

  private volatile Headers lastHeaders;

  CallExecutor(
      Supplier<String> accessToken,
      boolean accessTokenRefreshable,
      String userAgent,
      Duration connectTimeout,
      Duration readTimeout,
      Duration callTimeout,
      RetryPolicy retryPolicy,
      Logger log,
      Sleeper sleeper,
      DoubleSupplier random,
      Supplier<String> idempotencyKeys,
      LongSupplier nanoTime,
      CallListener listener) {
    this.accessToken = accessToken;
    this.accessTokenRefreshable = accessTokenRefreshable;
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
    this.listener =
        listener == null
            ? null
            : CallListeners.isolated(
                listener, e -> log.warn("the call listener failed: {}", e.toString()));
  }

  <T> Response<T> execute(Operation operation, RequestOptions options, Attempt<T> attempt) {
    return execute(operation, options, attempt, null);
  }

  <T> Response<T> execute(
      Operation operation, RequestOptions options, Attempt<T> attempt, Reconciler<T> reconciler) {
    if (operation.kind != Operation.Kind.CREATE && options.idempotencyKey().isPresent()) {
      throw new IllegalArgumentException(
          "an idempotency key applies only to creating operations, and "
              + operation.id
              + " is not one");
    }
    String key =
        operation.kind == Operation.Kind.CREATE
            ? options.idempotencyKey().orElseGet(idempotencyKeys)
            : null;
    if (listener == null) {
      return attempts(operation, options, attempt, reconciler, key, Observed.NONE);
    }
    Observed observed = Observed.start(listener, operation.id, key, nanoTime);
    try {
      Response<T> response = attempts(operation, options, attempt, reconciler, key, observed);
      observed.ended(response.attempts(), response.statusCode(), null, false);
      return response;
    } catch (MerchantPayException e) {
      observed.ended(
          e.getAttempts(),
          e instanceof ServiceException service ? service.getStatusCode() : 0,
          e.getClass().getSimpleName(),
          e.isOutcomeUnknown());
      throw e;
    } catch (RuntimeException e) {
      observed.ended(0, 0, e.getClass().getSimpleName(), false);
      throw e;
    }
  }

  private <T> Response<T> attempts(
      Operation operation,
      RequestOptions options,
      Attempt<T> attempt,
      Reconciler<T> reconciler,
      String key,
      Observed observed) {
    RetryPolicy policy = options.retryPolicy().orElse(retryPolicy);
    long attemptTimeout = options.readTimeout().orElse(readTimeout).toMillis();
    long deadline = nanoTime.getAsLong() + options.callTimeout().orElse(callTimeout).toNanos();
    boolean tokenRefreshed = false;
    boolean earlierMayHaveActed = false;

    for (int attemptNumber = 1; ; attemptNumber++) {
      long remaining = millisUntil(deadline);
      Request.Options timeouts =
          new BoundedTransport.CallOptions(
              connectTimeout.toMillis(),
              Math.max(1, Math.min(attemptTimeout, remaining)),
              headers(operation, options, key));
      long started = nanoTime.getAsLong();
      Failed failed;
      try {
        ApiResponse<T> response = attempt.send(timeouts, NO_TEMPLATE_HEADERS, key);
        observed.attempt(attemptNumber, response.getStatusCode(), null, started);
        String requestId =
            response.header("Request-Id").or(() -> response.header("X-Request-Id")).orElse(null);
        if (log.isDebugEnabled()) {
          log.debug(
              "{} answered HTTP {} in {} ms (attempt {}, request-id {}, idempotency-key {})",
              operation.id,
              response.getStatusCode(),
              elapsedMillis(started),
              attemptNumber,
              requestId,
              Masking.idempotencyKey(key));
        }
        return new Response<>(
            response.getStatusCode(),
            response.getHeaders(),
            requestId,
            key,
            attemptNumber,
            false,
            response.getData());
      } catch (ServiceException e) {
        observed.attempt(attemptNumber, e.getStatusCode(), e.getClass().getSimpleName(), started);
        if (earlierMayHaveActed && reconciler != null && isAlreadyDone(e)) {
          Response<T> done = reconciled(reconciler, operation, key, attemptNumber);
          if (done != null) {
            return done;
          }
        }
        // The token may have expired since the supplier gave it: ask again, once, straight away.
        boolean refreshToken =
            e.getStatusCode() == 401
                && accessTokenRefreshable
                && options.accessToken().isEmpty()
                && !tokenRefreshed;
        tokenRefreshed |= refreshToken;
        failed = Failed.answered(e, operation, refreshToken);
      } catch (RetryableException e) {
        failed = Failed.unanswered(e, operation, key);
        observed.attempt(attemptNumber, 0, failed.exception().getClass().getSimpleName(), started);
        if (failed.interrupted()) {
          throw settled(failed, operation, attemptNumber, earlierMayHaveActed);
        }
      } catch (DecodeException e) {
        observed.attempt(attemptNumber, 0, e.getClass().getSimpleName(), started);
        if (e.getCause() instanceof MerchantPayException answered) {
          // A success whose body could not be read: the service did act.
          answered.settle(attemptNumber, operation.kind != Operation.Kind.READ);
          throw answered;
        }
        throw e;
      } catch (FeignException e) {
        // Feign reports a request it could not build this way; that is a bug, not a service answer.
        // Its
        // message holds the URL, which may contain a payment token id, so it is not kept.
        throw new IllegalStateException(
            operation.id + ": the request could not be sent: " + e.getClass().getSimpleName());
      }

      // An update carries no key, so one that may have acted is sent again only when the caller
      // allows it.
      boolean retry =
          failed.retryable()
              && attemptNumber < policy.maxAttempts()
              && (operation.kind != Operation.Kind.UPDATE
                  || !failed.mayHaveActed()
                  || policy.retryUpdatesWhenOutcomeUnknown());
      earlierMayHaveActed |= failed.mayHaveActed();
      if (!retry || !waitedForAnotherAttempt(failed, operation, attemptNumber, policy, deadline)) {
        throw settled(failed, operation, attemptNumber, earlierMayHaveActed);
      }
    }
  }

  /**
   * A failed attempt and the one decision made about it: whether the service may have acted on it
   * without the client learning of it. That decision alone says whether an update may be sent again
   * and whether the call's outcome is unknown.
   *
   * @param retryable whether the failure is one that passes (a transport failure, 429, 502-504, a
   *     key still in flight, an access token to refresh)
   * @param mayHaveActed whether the service may have acted on this attempt, or is still acting on
   *     the key
   * @param silent whether the answer says nothing of what an earlier attempt did (a 429, a refused
   *     connection)
   * @param immediately whether to try again without waiting (a refreshed access token)
   */
  private record Failed(
      MerchantPayException exception,
      boolean retryable,
      boolean mayHaveActed,
      boolean silent,
      boolean immediately,
      boolean interrupted) {

    static Failed answered(ServiceException e, Operation operation, boolean refreshToken) {
      int status = e.getStatusCode();
      boolean keyInFlight = status == 409 && e instanceof IdempotencyKeyViolationException;
      boolean retryable =
          refreshToken
              || status == 429
              || status == 502
              || status == 503
              || status == 504
              || keyInFlight && operation.kind == Operation.Kind.CREATE;
      return new Failed(
          e, retryable, status >= 500 || keyInFlight, status == 429, refreshToken, false);
    }

    static Failed unanswered(RetryableException e, Operation operation, String key) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (TlsContexts.isCertificateRefused(cause)) {
        // The service's certificate, or ours, was refused: another attempt would be refused alike,
        // and nothing of the request was sent.
        return new Failed(
            new TransportException(
                TlsContexts.describeHandshake(cause), operation.id, key, true, cause),
            false,
            false,
            true,
            false,
            false);
      }
      boolean neverSent = provablyNeverSent(cause);
      MerchantPayException failure =
          isReadTimeout(cause)
              ? new RequestTimeoutException(describe(cause), operation.id, key, cause)
              : new TransportException(describe(cause), operation.id, key, neverSent, cause);
      boolean interrupted =
          cause instanceof InterruptedIOException && Thread.currentThread().isInterrupted();
      return new Failed(failure, true, !neverSent, neverSent, false, interrupted);
    }
  }

  /**
   * The answer of an update found done by a read after a retry was refused, or null when it was not
   * done.
   */
  private static <T> Response<T> reconciled(
      Reconciler<T> reconciler, Operation operation, String key, int attemptNumber) {
    Reconciled<T> done;
    try {
      done = reconciler.check();
    } catch (MerchantPayException e) {
      return null; // the read failed: the refusal stands as it was
    }
    if (done == null) {
      return null;
    }
    Response<?> read = done.read();
    return read == null
        ? new Response<>(200, Map.of(), null, key, attemptNumber, true, done.value())
        : new Response<>(
            read.statusCode(),
            read.headers(),
            read.requestId().orElse(null),
            key,
            attemptNumber,
            true,
            done.value());
  }

  /**
   * Waits before the next attempt; false when there is no time for one within the deadline, or the
   * wait was interrupted.
   */
  private boolean waitedForAnotherAttempt(
      Failed failed, Operation operation, int attemptNumber, RetryPolicy policy, long deadline) {
    Duration retryAfter =
        failed.exception() instanceof ServiceException service
            ? service.getRetryAfter().orElse(null)
            : null;
    Duration wait =
        failed.immediately() ? Duration.ZERO : policy.backoff(attemptNumber, retryAfter, random);
    if (millisUntil(deadline) - wait.toMillis() < MIN_ATTEMPT_MILLIS) {
      log.debug(
          "{} failed and its deadline leaves no time for another attempt: {}",
          operation.id,
          summary(failed.exception()));
      return false;
    }
    log.info(
        "{} attempt {} failed ({}); retrying in {} ms",
        operation.id,
        attemptNumber,
        summary(failed.exception()),
        wait.toMillis());
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    // A wait that overran (a busy machine) leaves an attempt that could only time out.
    return millisUntil(deadline) >= MIN_ATTEMPT_MILLIS;
  }

  /**
   * The page of a list at {@code cursor} (null for the first), whose next pages are fetched the
   * same way with the same options.
   */
  <L, T> Page<T> page(
      Operation operation,
      RequestOptions options,
      String cursor,
      Function<String, Attempt<L>> attemptAt,
      Function<L, List<T>> items,
      Function<L, String> nextCursor) {
    L list = execute(operation, options, attemptAt.apply(cursor)).value();
    return new Page<>(
        operation.id,
        items.apply(list),
        nextCursor.apply(list),
        next -> page(operation, options, next, attemptAt, items, nextCursor));
  }

  private Map<String, String> headers(Operation operation, RequestOptions options, String key) {
    String token;
    try {
      token = options.accessToken().orElseGet(accessToken);
    } catch (RuntimeException e) {
      throw new AccessTokenException(
          "the access token supplier failed: " + e.getClass().getSimpleName(),
          operation.id,
          key,
          e);
    }
    Headers last = lastHeaders;
    if (last != null && last.token().equals(token)) {
      return last.headers(); // checked when it was first given
    }
    try {
      AccessTokens.requireValid(token);
    } catch (IllegalArgumentException e) {
      throw new AccessTokenException(
          "the access token supplier gave an unusable token: " + e.getMessage(),
          operation.id,
          key,
          null);
    }
    last = new Headers(token, Map.of("Authorization", "Bearer " + token, "User-Agent", userAgent));
    lastHeaders = last;
    return last.headers();
  }

  /**
   * Records on the failure how many attempts were made and whether the outcome is unknown: the last
   * attempt may have acted unseen, or an earlier one may have and the last answer says nothing of
   * what became of it. Reads have no outcome.
   */
  private MerchantPayException settled(
      Failed failed, Operation operation, int attempts, boolean earlierMayHaveActed) {
    MerchantPayException failure = failed.exception();
    log.debug("{} failed after {} attempt(s): {}", operation.id, attempts, summary(failure));
    boolean unknown =
        operation.kind != Operation.Kind.READ
            && (failed.mayHaveActed() || earlierMayHaveActed && failed.silent());
    failure.settle(attempts, unknown);
    return failure;
  }

  /**
   * The refusal a repeated update gets when its first attempt did it: the state no longer allows
   * it.
   */
  private static boolean isAlreadyDone(ServiceException e) {
    return e instanceof InvalidOperationException && e.getStatusCode() == 409
        || e instanceof PaymentTokenRevokedException;
  }

  /**
   * What a failure was, for the log: never its message, which may carry what the service echoed.
   */
  private static String summary(MerchantPayException failure) {
    if (failure instanceof ServiceException service) {
      return "HTTP "
          + service.getStatusCode()
          + (service.getErrorCode() == null ? "" : " " + service.getErrorCode().getValue());
    }
    Throwable cause = failure.getCause();
    return failure.getClass().getSimpleName()
        + (cause == null ? "" : " (" + cause.getClass().getSimpleName() + ")");
  }

  /**
   * A refused or never-opened connection: nothing reached the service, so even a PUT may be
   * retried.
   */
  private static boolean provablyNeverSent(Throwable cause) {
    return cause instanceof ConnectException
        || cause instanceof HttpConnectTimeoutException
        || cause instanceof UnknownHostException
        || cause instanceof NoRouteToHostException
        // No HTTP byte leaves before the handshake is done.
        || cause instanceof SSLHandshakeException;
  }

  private static boolean isReadTimeout(Throwable cause) {
    return cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException);
  }

  private static String describe(Throwable cause) {
    if (cause instanceof SSLHandshakeException) {
      return TlsContexts.describeHandshake(cause);
    }
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
    return "no usable answer: "
        + cause.getClass().getSimpleName()
        + (message == null ? "" : " " + Redaction.redact(message));
  }

  private long millisUntil(long deadlineNanos) {
    return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - nanoTime.getAsLong());
  }

  private long elapsedMillis(long startedNanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanoTime.getAsLong() - startedNanos);
  }

  /**
   * A call as its listener hears it: without a listener every method returns at once. The listener
   * is isolated ({@link CallListeners#isolated}), so observing never fails a payment.
   */
  private static final class Observed {
    static final Observed NONE = new Observed(null, null, 0);

    private final CallObserver observer;
    private final LongSupplier nanoTime;
    private final long started;

    private Observed(CallObserver observer, LongSupplier nanoTime, long started) {
      this.observer = observer;
      this.nanoTime = nanoTime;
      this.started = started;
    }

    static Observed start(
        CallListener listener, String operation, String key, LongSupplier nanoTime) {
      long started = nanoTime.getAsLong();
      CallObserver observer =
          listener.callStarted(new CallStart("v2", operation, Masking.idempotencyKey(key)));
      return new Observed(observer, nanoTime, started);
    }

    void attempt(int number, int status, String failure, long attemptStarted) {
      if (observer != null) {
        observer.attemptEnded(
            new AttemptEnd(
                number, status, failure, Duration.ofNanos(nanoTime.getAsLong() - attemptStarted)));
      }
    }

    void ended(int attempts, int status, String failure, boolean outcomeUnknown) {
      if (observer != null) {
        observer.callEnded(
            new CallEnd(
                attempts,
                status,
                failure,
                outcomeUnknown,
                Duration.ofNanos(nanoTime.getAsLong() - started)));
      }
    }
  }
}
