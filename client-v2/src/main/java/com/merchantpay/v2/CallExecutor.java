package com.merchantpay.v2;

import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallListeners;
import com.merchantpay.observation.Masking;
import com.merchantpay.v2.internal.ApiResponse;
import com.merchantpay.v2.internal.BoundedTransport;
import feign.FeignException;
import feign.RetryableException;
import feign.codec.DecodeException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * Runs one logical call: chooses its idempotency key once, sends attempts with fresh auth headers
 * and a read timeout that never outlives the call's deadline, and retries only what {@link
 * RetryPolicy} says is safe. What it logs is the operation, status, timing, attempt, request id and
 * idempotency key: never a header value, a URL or a body.
 *
 * <p>What it does not decide itself has a class of its own: the credentials an attempt carries
 * ({@link CallCredentials}), what a failed attempt means ({@link FailedAttempt}) and what a
 * listener is told ({@link ObservedCall}); it is made from one {@link CallSettings}.
 */
final class CallExecutor {
  /** An attempt with less time than this left before the deadline is not started. */
  static final long MIN_ATTEMPT_MILLIS = 50;

  /**
   * One attempt of an operation through the generated interface's {@code transport} methods. Every
   * header of the attempt (credentials, user agent, the operation's fixed headers and its
   * idempotency key) rides on {@code options}: resolving them as Feign templates on every call cost
   * more than the rest of Feign's work.
   */
  interface Attempt<T> {
    ApiResponse<T> send(BoundedTransport.CallOptions options);
  }

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

  private final CallCredentials credentials;
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

  CallExecutor(CallSettings settings) {
    this.credentials = settings.credentials();
    this.connectTimeout = settings.connectTimeout();
    this.readTimeout = settings.readTimeout();
    this.callTimeout = settings.callTimeout();
    this.retryPolicy = settings.retryPolicy();
    this.log = settings.log();
    this.sleeper = settings.sleeper();
    this.random = settings.random();
    this.idempotencyKeys = settings.idempotencyKeys();
    this.nanoTime = settings.nanoTime();
    this.listener =
        settings.listener() == null
            ? null
            : CallListeners.isolated(
                settings.listener(), e -> log.warn("the call listener failed: {}", e.toString()));
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
      return attempts(operation, options, attempt, reconciler, key, ObservedCall.NONE);
    }
    ObservedCall observed = ObservedCall.start(listener, operation.id, key, nanoTime);
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

  /**
   * One logical call as it was asked for: what each attempt sends, its key, who hears of it, and
   * the bounds every attempt keeps.
   */
  private record Call<T>(
      Operation operation,
      RequestOptions options,
      Attempt<T> attempt,
      Reconciler<T> reconciler,
      String key,
      ObservedCall observed,
      RetryPolicy policy,
      long attemptTimeoutMillis,
      long deadlineNanos) {}

  /**
   * What a call has been through before an attempt: its number, whether the access token was
   * already asked for again, and whether an earlier attempt may have acted unseen.
   */
  record CallState(int attempt, boolean tokenRefreshed, boolean earlierMayHaveActed) {
    static final CallState FIRST = new CallState(1, false, false);

    /** The state of the next attempt, after this one failed so. */
    CallState after(FailedAttempt failed) {
      return new CallState(
          attempt + 1,
          tokenRefreshed || failed.immediately(),
          earlierMayHaveActed || failed.mayHaveActed());
    }
  }

  /** What one attempt came to: the call's answer, or its failure. */
  private record Sent<T>(Response<T> response, FailedAttempt failed) {}

  /** Send, classify, decide, wait: until an answer, or a failure the call ends with. */
  private <T> Response<T> attempts(
      Operation operation,
      RequestOptions options,
      Attempt<T> attempt,
      Reconciler<T> reconciler,
      String key,
      ObservedCall observed) {
    Call<T> call =
        new Call<>(
            operation,
            options,
            attempt,
            reconciler,
            key,
            observed,
            options.retryPolicy().orElse(retryPolicy),
            options.readTimeout().orElse(readTimeout).toMillis(),
            nanoTime.getAsLong() + options.callTimeout().orElse(callTimeout).toNanos());
    for (CallState state = CallState.FIRST; ; ) {
      Sent<T> sent = send(call, state);
      if (sent.response() != null) {
        return sent.response();
      }
      FailedAttempt failed = sent.failed();
      Duration wait = nextWait(call, state, failed);
      if (wait == null || !waited(wait, call.deadlineNanos())) {
        throw settled(failed, operation, state);
      }
      state = state.after(failed);
    }
  }

  /** An attempt's headers: the credentials' and the operation's fixed ones, and the call's key. */
  private static Map<String, String> withKey(Map<String, String> headers, String key) {
    if (key == null) {
      return headers;
    }
    Map<String, String> keyed = new java.util.HashMap<>(headers);
    keyed.put(Operation.IDEMPOTENCY_KEY, key);
    return keyed;
  }

  /**
   * Sends one attempt and classifies what came of it: the answer, or a failure ({@link
   * FailedAttempt}). Throws what ends the call whatever the policy (an interrupt, an answer that
   * could not be read, a request that could not be built).
   */
  private <T> Sent<T> send(Call<T> call, CallState state) {
    Operation operation = call.operation();
    BoundedTransport.CallOptions timeouts =
        new BoundedTransport.CallOptions(
            connectTimeout.toMillis(),
            Math.max(1, Math.min(call.attemptTimeoutMillis(), millisUntil(call.deadlineNanos()))),
            withKey(credentials.headers(operation, call.options(), call.key()), call.key()));
    long started = nanoTime.getAsLong();
    try {
      ApiResponse<T> response = call.attempt().send(timeouts);
      call.observed().attempt(state.attempt(), response.getStatusCode(), null, started);
      String requestId =
          response.header("Request-Id").or(() -> response.header("X-Request-Id")).orElse(null);
      if (log.isDebugEnabled()) {
        log.debug(
            "{} answered HTTP {} in {} ms (attempt {}, request-id {}, idempotency-key {})",
            operation.id,
            response.getStatusCode(),
            elapsedMillis(started),
            state.attempt(),
            requestId,
            Masking.idempotencyKey(call.key()));
      }
      return new Sent<>(
          new Response<>(
              response.getStatusCode(),
              response.getHeaders(),
              requestId,
              call.key(),
              state.attempt(),
              false,
              response.getData()),
          null);
    } catch (ServiceException e) {
      call.observed()
          .attempt(state.attempt(), e.getStatusCode(), e.getClass().getSimpleName(), started);
      if (state.earlierMayHaveActed() && call.reconciler() != null && isAlreadyDone(e)) {
        Response<T> done = reconciled(call.reconciler(), operation, call.key(), state.attempt());
        if (done != null) {
          return new Sent<>(done, null);
        }
      }
      // The token may have expired since the supplier gave it: ask again, once, straight away.
      boolean refreshToken =
          e.getStatusCode() == 401
              && credentials.refreshable()
              && call.options().accessToken().isEmpty()
              && !state.tokenRefreshed();
      return new Sent<>(null, FailedAttempt.answered(e, operation, refreshToken));
    } catch (RetryableException e) {
      FailedAttempt failed = FailedAttempt.unanswered(e, operation, call.key());
      call.observed()
          .attempt(state.attempt(), 0, failed.exception().getClass().getSimpleName(), started);
      if (failed.interrupted()) {
        throw settled(failed, operation, state);
      }
      return new Sent<>(null, failed);
    } catch (DecodeException e) {
      call.observed().attempt(state.attempt(), 0, e.getClass().getSimpleName(), started);
      if (e.getCause() instanceof MerchantPayException answered) {
        // A success whose body could not be read: the service did act.
        answered.settle(state.attempt(), operation.kind != Operation.Kind.READ);
        throw answered;
      }
      throw e;
    } catch (FeignException e) {
      // Feign reports a request it could not build this way; that is a bug, not a service answer.
      // Its message holds the URL, which may contain a payment token id, so it is not kept.
      throw new IllegalStateException(
          operation.id + ": the request could not be sent: " + e.getClass().getSimpleName());
    }
  }

  /**
   * The one decision after a failed attempt: how long to wait before another, or null when the call
   * ends with this failure (it does not pass, the policy's attempts are spent, an update that may
   * have acted is not to be sent again, or the deadline leaves no time).
   */
  private Duration nextWait(Call<?> call, CallState state, FailedAttempt failed) {
    Operation operation = call.operation();
    RetryPolicy policy = call.policy();
    // An update carries no key, so one that may have acted is sent again only when the caller
    // allows it.
    boolean retry =
        failed.retryable()
            && state.attempt() < policy.maxAttempts()
            && (operation.kind != Operation.Kind.UPDATE
                || !failed.mayHaveActed()
                || policy.retryUpdatesWhenOutcomeUnknown());
    if (!retry) {
      return null;
    }
    Duration retryAfter =
        failed.exception() instanceof ServiceException service
            ? service.getRetryAfter().orElse(null)
            : null;
    Duration wait =
        failed.immediately() ? Duration.ZERO : policy.backoff(state.attempt(), retryAfter, random);
    if (millisUntil(call.deadlineNanos()) - wait.toMillis() < MIN_ATTEMPT_MILLIS) {
      log.debug(
          "{} failed and its deadline leaves no time for another attempt: {}",
          operation.id,
          FailedAttempt.summary(failed.exception()));
      return null;
    }
    log.info(
        "{} attempt {} failed ({}); retrying in {} ms",
        operation.id,
        state.attempt(),
        FailedAttempt.summary(failed.exception()),
        wait.toMillis());
    return wait;
  }

  /** Waits; false when interrupted, or when the wait overran into the deadline. */
  private boolean waited(Duration wait, long deadlineNanos) {
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    // A wait that overran (a busy machine) leaves an attempt that could only time out.
    return millisUntil(deadlineNanos) >= MIN_ATTEMPT_MILLIS;
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

  /**
   * Records on the failure how many attempts were made and whether the outcome is unknown: the last
   * attempt may have acted unseen, or an earlier one may have and the last answer says nothing of
   * what became of it. Reads have no outcome.
   */
  private MerchantPayException settled(FailedAttempt failed, Operation operation, CallState state) {
    MerchantPayException failure = failed.exception();
    log.debug(
        "{} failed after {} attempt(s): {}",
        operation.id,
        state.attempt(),
        FailedAttempt.summary(failure));
    boolean unknown =
        operation.kind != Operation.Kind.READ
            && (failed.mayHaveActed() || state.earlierMayHaveActed() && failed.silent());
    failure.settle(state.attempt(), unknown);
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

  private long millisUntil(long deadlineNanos) {
    return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - nanoTime.getAsLong());
  }

  private long elapsedMillis(long startedNanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanoTime.getAsLong() - startedNanos);
  }
}
