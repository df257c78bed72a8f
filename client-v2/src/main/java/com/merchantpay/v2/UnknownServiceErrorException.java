package com.merchantpay.v2;

/**
 * The error body carried a {@code code} this version of the client does not know; {@link
 * #getRawCode()} has it as sent, so new codes on the service never turn into a decoding failure.
 */
public final class UnknownServiceErrorException extends ServiceException {
  private static final long serialVersionUID = 1L;

  UnknownServiceErrorException(ServiceError error) {
    super(error);
  }

  /**
   * The error code as the service sent it, with any secret of the request masked and control
   * characters replaced.
   */
  public String getRawCode() {
    return getErrorCode() == null ? null : getErrorCode().getValue();
  }
}
