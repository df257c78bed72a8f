package com.merchantpay.v2;

import java.util.Optional;

/**
 * Root of every exception the client throws. Unchecked: a payment call that fails is something to
 * handle where it makes sense, not to declare everywhere.
 *
 * <p>{@link #getMessage()} says everything on one line (operation, what failed, request id,
 * idempotency key), so a log line is enough to find the call on both sides. It never contains card
 * data, tokens or bodies beyond a short redacted excerpt.
 *
 * <ul>
 *   <li>{@link ServiceException}: the service answered with an error (one type per documented error
 *       code);
 *   <li>{@link TransportException}: no usable answer (connection failures, timeouts);
 *   <li>{@link RequestValidationException}: the request was invalid and was not sent;
 *   <li>{@link NotificationParseException}: a callback body could not be read.
 * </ul>
 */
public abstract class MerchantPayException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String operation;
  private final String idempotencyKey;
  private final String requestId;
  private int attempts = 1;
  private boolean outcomeUnknown;
  private boolean settled;

  MerchantPayException(
      String detail, String operation, String idempotencyKey, String requestId, Throwable cause) {
    super(oneLine(detail, operation, idempotencyKey, requestId), cause);
    this.operation = operation;
    this.idempotencyKey = idempotencyKey;
    this.requestId = requestId;
  }

  private static String oneLine(
      String detail, String operation, String idempotencyKey, String requestId) {
    StringBuilder message = new StringBuilder();
    if (operation != null) {
      message.append(operation).append(": ");
    }
    message.append(detail);
    if (requestId != null) {
      message.append("; request-id: ").append(requestId);
    }
    if (idempotencyKey != null) {
      message.append("; idempotency-key: ").append(idempotencyKey);
    }
    return message.toString().replace('\n', ' ').replace('\r', ' ');
  }

  /**
   * The API operation that failed, as named in the API description (for example {@code
   * createPayment}).
   */
  public String getOperation() {
    return operation;
  }

  /**
   * The {@code Idempotency-Key} the call was sent with, for creating operations. Retrying the same
   * logical request with this key can never create a second resource.
   */
  public Optional<String> getIdempotencyKey() {
    return Optional.ofNullable(idempotencyKey);
  }

  /** The server's request id, when it sent one: quote it when asking the service's support. */
  public Optional<String> getRequestId() {
    return Optional.ofNullable(requestId);
  }

  /** How many times the request was tried before the client gave up. */
  public int getAttempts() {
    return attempts;
  }

  /**
   * True when the service may have done what was asked although this exception says otherwise: an
   * attempt reached it and no answer told what happened (a dropped connection, a timeout, a 5xx or
   * 429 after such an attempt, a key still being processed). Never true for reads. For a creating
   * call, retry with {@link #getIdempotencyKey()}: the service then answers with what the first
   * request did instead of acting twice. For an update, read the resource before acting again.
   */
  public boolean isOutcomeUnknown() {
    return outcomeUnknown;
  }

  /** One line: what failed, after how many attempts, and whether the outcome is unknown. */
  @Override
  public String getMessage() {
    String message = super.getMessage();
    if (attempts > 1) {
      message += "; attempts: " + attempts;
    }
    if (outcomeUnknown) {
      message +=
          "; outcome unknown"
              + (idempotencyKey == null
                  ? ": read the resource before trying again"
                  : ": retry with the same idempotency key");
    }
    return message;
  }

  /** Records, once, how the call ended; the client does it before it throws, nobody after. */
  final void settle(int attemptsMade, boolean unknown) {
    if (!settled) {
      settled = true;
      this.attempts = attemptsMade;
      this.outcomeUnknown = unknown;
    }
  }
}
