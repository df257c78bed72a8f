package com.merchantpay.v2;

import com.merchantpay.v2.model.ErrorCode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The service answered with an error status. Each documented error {@code code} has its own
 * subtype; an undocumented code gives {@link UnknownServiceErrorException} and an error body that
 * is not the documented JSON (an HTML page from a proxy, say) gives {@link
 * UnexpectedResponseException}.
 *
 * <p>A declined payment is not an exception: it is a {@code Payment} with status {@code Rejected}
 * and a {@code resultCode}.
 */
public abstract class ServiceException extends MerchantPayException {
  private static final long serialVersionUID = 1L;

  private final int statusCode;
  private final String rawCode;
  private final String serviceMessage;
  private final List<String> errors;
  private final transient Duration retryAfter;

  ServiceException(ServiceError error) {
    super(describe(error), error.operation, error.idempotencyKey, error.requestId, null);
    this.statusCode = error.statusCode;
    this.rawCode = error.code == null ? null : error.code.getValue();
    this.serviceMessage = error.message;
    this.errors = List.copyOf(error.errors);
    this.retryAfter = error.retryAfter;
  }

  private static String describe(ServiceError error) {
    StringBuilder detail = new StringBuilder("HTTP ").append(error.statusCode);
    if (error.code != null) {
      detail.append(' ').append(error.code.getValue());
    }
    if (error.message != null && !error.message.isBlank()) {
      detail.append(": ").append(error.message);
    }
    if (!error.errors.isEmpty()) {
      detail.append(" ").append(error.errors);
    }
    if (error.bodyExcerpt != null) {
      detail.append(" (body: ").append(error.bodyExcerpt).append(')');
    }
    return detail.toString();
  }

  /** The HTTP status of the answer. */
  public int getStatusCode() {
    return statusCode;
  }

  /**
   * The error code of the body, or {@code null} when the body was not the documented error JSON.
   */
  public ErrorCode getErrorCode() {
    return ErrorCode.fromValue(rawCode);
  }

  /**
   * The service's explanation ({@code message} of the error body), redacted of anything like a card
   * number.
   */
  public Optional<String> getServiceMessage() {
    return Optional.ofNullable(serviceMessage);
  }

  /** One entry per failed check, when the service sent them ({@code errors} of the error body). */
  public List<String> getErrors() {
    return errors;
  }

  /** How long the service asked to wait before trying again ({@code Retry-After}), if it said. */
  public Optional<Duration> getRetryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
