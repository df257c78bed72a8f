package com.merchantpay.v1;

/**
 * Root of every exception the v1 client throws for a call that did not succeed. Unchecked.
 *
 * <ul>
 *   <li>{@link V1ErrorCodeException}: the service handled the call and answered with a non-zero
 *       ErrorCode;
 *   <li>{@link V1ServerFailureException}: the service failed (an HTTP status other than 200, or an
 *       answer that is not a readable envelope);
 *   <li>{@link V1TransportException}: no answer arrived (connection failure, timeout, broken
 *       stream);
 *   <li>{@link V1IncompleteListException}: a list could not be fetched completely even one day at a
 *       time.
 * </ul>
 *
 * <p>Messages are one line naming the operation and what went wrong. They never contain the
 * password, the request signature ({@code hash}) or the nonce.
 */
public abstract class MerchantPayV1Exception extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String operation;

  MerchantPayV1Exception(String operation, String message, Throwable cause) {
    super(operation + ": " + message, cause);
    this.operation = operation;
  }

  /**
   * The operation of the v1 interface that failed, as named in the API description (e.g. {@code
   * getPayment}).
   */
  public String getOperation() {
    return operation;
  }
}
