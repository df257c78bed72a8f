package com.merchantpay.v2;

import com.merchantpay.v2.model.ErrorCode;
import java.time.Duration;
import java.util.List;

/**
 * What the error decoder learned about a failed answer; the service exceptions are built from it.
 */
final class ServiceError {
  final String operation;
  final int statusCode;
  final ErrorCode code;
  final String message;
  final List<String> errors;
  final String bodyExcerpt;
  final String requestId;
  final String idempotencyKey;
  final Duration retryAfter;

  ServiceError(
      String operation,
      int statusCode,
      ErrorCode code,
      String message,
      List<String> errors,
      String bodyExcerpt,
      String requestId,
      String idempotencyKey,
      Duration retryAfter) {
    this.operation = operation;
    this.statusCode = statusCode;
    this.code = code;
    this.message = message;
    this.errors = errors == null ? List.of() : errors;
    this.bodyExcerpt = bodyExcerpt;
    this.requestId = requestId;
    this.idempotencyKey = idempotencyKey;
    this.retryAfter = retryAfter;
  }

  ServiceException toException() {
    if (code == null) {
      return new UnexpectedResponseException(this);
    }
    switch (code.known()) {
      case VALIDATION_ERROR:
        return new ValidationErrorException(this);
      case NOT_AUTHORIZED:
        return new NotAuthorizedException(this);
      case IDEMPOTENCY_KEY_VIOLATION:
        return new IdempotencyKeyViolationException(this);
      case INVALID_OPERATION:
        return new InvalidOperationException(this);
      case PAYMENT_TOKEN_REVOKED:
        return new PaymentTokenRevokedException(this);
      case PAYMENT_TOKEN_BLOCKED:
        return new PaymentTokenBlockedException(this);
      default:
        return new UnknownServiceErrorException(this);
    }
  }
}
