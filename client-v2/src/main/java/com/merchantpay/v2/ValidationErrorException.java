package com.merchantpay.v2;

/**
 * {@code validation_error}: The request did not pass the service's checks; {@link #getErrors()}
 * lists each one.
 */
public final class ValidationErrorException extends ServiceException {
  private static final long serialVersionUID = 1L;

  ValidationErrorException(ServiceError error) {
    super(error);
  }
}
