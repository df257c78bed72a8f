package com.merchantpay.v2;

import com.merchantpay.v2.internal.Redaction;
import com.merchantpay.v2.internal.TlsContexts;
import feign.RetryableException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import javax.net.ssl.SSLHandshakeException;

/**
 * A failed attempt and the one decision made about it: whether the service may have acted on it
 * without the client learning of it. That decision alone says whether an update may be sent again
 * and whether the call's outcome is unknown.
 *
 * @param next when another attempt may go: never, after a wait, or at once (a refreshed access
 *     token)
 * @param effect what the attempt may have done at the service, and what its answer says of the
 *     attempts before it
 * @param interrupted whether the caller's thread was interrupted while it waited
 */
record FailedAttempt(
    MerchantPayException exception, Next next, Effect effect, boolean interrupted) {

  /** When another attempt may go. */
  enum Next {
    /** Never: the failure would come again (a refusal, a certificate refused). */
    GIVE_UP,
    /** After the policy's wait: a transport failure, 429, 502-504, a key still in flight. */
    AFTER_A_WAIT,
    /** At once: the access token was asked for again. */
    AT_ONCE
  }

  /** What the attempt may have done, as far as the client can tell. */
  enum Effect {
    /** The service may have acted on it, or is still acting on the key (a 5xx, a lost answer). */
    MAY_HAVE_ACTED,
    /**
     * It did nothing, and its answer says nothing of what an earlier attempt did (a 429, a refused
     * connection).
     */
    TELLS_NOTHING,
    /** The service answered it and acted on nothing (a refusal). */
    DID_NOT_ACT
  }

  /** Whether the failure is one that passes. */
  boolean retryable() {
    return next != Next.GIVE_UP;
  }

  /** Whether to try again without waiting. */
  boolean immediately() {
    return next == Next.AT_ONCE;
  }

  /** Whether the service may have acted on this attempt, or is still acting on the key. */
  boolean mayHaveActed() {
    return effect == Effect.MAY_HAVE_ACTED;
  }

  /** Whether the answer says nothing of what an earlier attempt did. */
  boolean silent() {
    return effect == Effect.TELLS_NOTHING;
  }

  static FailedAttempt answered(ServiceException e, Operation operation, boolean refreshToken) {
    int status = e.getStatusCode();
    boolean keyInFlight = status == 409 && e instanceof IdempotencyKeyViolationException;
    boolean passes =
        status == 429
            || status == 502
            || status == 503
            || status == 504
            || keyInFlight && operation.kind == Operation.Kind.CREATE;
    Next next = refreshToken ? Next.AT_ONCE : passes ? Next.AFTER_A_WAIT : Next.GIVE_UP;
    Effect effect =
        status >= 500 || keyInFlight
            ? Effect.MAY_HAVE_ACTED
            : status == 429 ? Effect.TELLS_NOTHING : Effect.DID_NOT_ACT;
    return new FailedAttempt(e, next, effect, false);
  }

  static FailedAttempt unanswered(RetryableException e, Operation operation, String key) {
    Throwable cause = e.getCause() == null ? e : e.getCause();
    if (TlsContexts.isCertificateRefused(cause)) {
      // The service's certificate, or ours, was refused: another attempt would be refused alike,
      // and nothing of the request was sent.
      return new FailedAttempt(
          new TransportException(
              TlsContexts.describeHandshake(cause), operation.id, key, true, cause),
          Next.GIVE_UP,
          Effect.TELLS_NOTHING,
          false);
    }
    boolean neverSent = provablyNeverSent(cause);
    MerchantPayException failure =
        isReadTimeout(cause)
            ? new RequestTimeoutException(describe(cause), operation.id, key, cause)
            : new TransportException(describe(cause), operation.id, key, neverSent, cause);
    boolean interrupted =
        cause instanceof InterruptedIOException && Thread.currentThread().isInterrupted();
    return new FailedAttempt(
        failure,
        Next.AFTER_A_WAIT,
        neverSent ? Effect.TELLS_NOTHING : Effect.MAY_HAVE_ACTED,
        interrupted);
  }

  /**
   * What a failure was, for the log: never its message, which may carry what the service echoed.
   */
  static String summary(MerchantPayException failure) {
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
}
