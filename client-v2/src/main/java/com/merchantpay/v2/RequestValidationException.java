package com.merchantpay.v2;

import java.util.List;

/**
 * The request failed the checks of the API description (required members, formats) before anything
 * was sent. {@link #getViolations()} has one entry per problem, each naming the member, never its
 * value.
 */
public final class RequestValidationException extends MerchantPayException {
  private static final long serialVersionUID = 1L;

  private final List<String> violations;

  RequestValidationException(String operation, List<String> violations) {
    super(
        "invalid request, not sent: " + String.join("; ", violations), operation, null, null, null);
    this.violations = List.copyOf(violations);
  }

  /** Each problem as {@code member.path: what is wrong}. */
  public List<String> getViolations() {
    return violations;
  }
}
