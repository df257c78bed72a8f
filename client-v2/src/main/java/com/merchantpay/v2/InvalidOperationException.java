package com.merchantpay.v2;

/**
 * {@code invalid_operation}: The service refused the operation: the resource is in a state that
 * does not allow it, or does not exist.
 */
public final class InvalidOperationException extends ServiceException {
  private static final long serialVersionUID = 1L;

  InvalidOperationException(ServiceError error) {
    super(error);
  }
}
