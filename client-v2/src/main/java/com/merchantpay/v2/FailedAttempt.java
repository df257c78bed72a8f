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
 * @param retryable whether the failure is one that passes (a transport failure, 429, 502-504, a key
 *     still in flight, an access token to refresh)
 * @param mayHaveActed whether the service may have acted on this attempt, or is still acting on the
 *     key
 * @param silent whether the answer says nothing of what an earlier attempt did (a 429, a refused
 *     connection)
 * @param immediately whether to try again without waiting (a refreshed access token)
 */
record FailedAttempt(
    MerchantPayException exception,
    boolean retryable,
    boolean mayHaveActed,
    boolean silent,
    boolean immediately,
    boolean interrupted) {

  static FailedAttempt answered(ServiceException e, Operation operation, boolean refreshToken) {
    int status = e.getStatusCode();
    boolean keyInFlight = status == 409 && e instanceof IdempotencyKeyViolationException;
    boolean retryable =
        refreshToken
            || status == 429
            || status == 502
            || status == 503
            || status == 504
            || keyInFlight && operation.kind == Operation.Kind.CREATE;
    return new FailedAttempt(
        e, retryable, status >= 500 || keyInFlight, status == 429, refreshToken, false);
  }

  static FailedAttempt unanswered(RetryableException e, Operation operation, String key) {
    Throwable cause = e.getCause() == null ? e : e.getCause();
    if (TlsContexts.isCertificateRefused(cause)) {
      // The service's certificate, or ours, was refused: another attempt would be refused alike,
      // and nothing of the request was sent.
      return new FailedAttempt(
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
    return new FailedAttempt(failure, true, !neverSent, neverSent, false, interrupted);
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
