package com.merchantpay.v1;

/**
 * The service failed while handling the call: it answered with an HTTP status other than 200 (the
 * v1 interface answers every handled request with 200), with a 200 whose body is not a readable
 * envelope, or with {@code ErrorCode} 0 but without the payload a single-object call returns.
 * Whether the call had any effect is unknown.
 */
public final class V1ServerFailureException extends MerchantPayV1Exception {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String bodyExcerpt;

  V1ServerFailureException(
      String operation, int status, String problem, String bodyExcerpt, Throwable cause) {
    super(
        operation,
        problem + " (HTTP " + status + ")" + (isEmpty(bodyExcerpt) ? "" : "; body: " + bodyExcerpt),
        cause);
    this.status = status;
    this.bodyExcerpt = isEmpty(bodyExcerpt) ? "" : bodyExcerpt;
  }

  /** An answer without a body has no excerpt ({@code null}); the getter promises a string. */
  private static boolean isEmpty(String bodyExcerpt) {
    return bodyExcerpt == null || bodyExcerpt.isEmpty();
  }

  /** The HTTP status of the answer. */
  public int getStatus() {
    return status;
  }

  /**
   * The start of the answer body on one line, with signatures removed; empty when there was none.
   */
  public String getBodyExcerpt() {
    return bodyExcerpt;
  }
}
