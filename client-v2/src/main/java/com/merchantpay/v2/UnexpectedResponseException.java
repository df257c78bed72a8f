package com.merchantpay.v2;

import java.util.Optional;

/**
 * The answer was not what the API describes: an error status without the documented JSON body (an
 * HTML page from a proxy or load balancer, an empty body), or a success body that cannot be read.
 * The message carries the status and a short excerpt of the body with card-like numbers and bearer
 * tokens masked.
 */
public final class UnexpectedResponseException extends ServiceException {
  private static final long serialVersionUID = 1L;

  private final String bodyExcerpt;

  UnexpectedResponseException(ServiceError error) {
    super(error);
    this.bodyExcerpt = error.bodyExcerpt;
  }

  /** The first characters of the body, redacted; empty when there was no body. */
  public Optional<String> getBodyExcerpt() {
    return Optional.ofNullable(bodyExcerpt);
  }
}
