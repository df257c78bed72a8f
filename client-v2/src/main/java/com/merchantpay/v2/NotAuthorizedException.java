package com.merchantpay.v2;

/**
 * {@code not_authorized}: The access token is missing, unknown or lacks the rights for this
 * operation or merchant.
 */
public final class NotAuthorizedException extends ServiceException {
  private static final long serialVersionUID = 1L;

  NotAuthorizedException(ServiceError error) {
    super(error);
  }
}
