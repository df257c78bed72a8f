package com.merchantpay.v1;

import com.merchantpay.v1.model.ErrorCode;

/**
 * The service handled the call and reported failure with a non-zero {@code ErrorCode}, for example
 * -7 for an invalid signature or -13 for an unknown invoice number. {@link #getErrorCode()} gives
 * the code as an open enum ({@code switch} on {@code getErrorCode().known()}); a code this version
 * of the client does not know still arrives here, with {@link ErrorCode.Known#UNRECOGNIZED} and its
 * number.
 */
public final class V1ErrorCodeException extends MerchantPayV1Exception {
  private static final long serialVersionUID = 1L;

  private final transient ErrorCode errorCode;
  private final int code;

  V1ErrorCodeException(String operation, ErrorCode errorCode) {
    super(operation, describe(errorCode), null);
    this.errorCode = errorCode;
    this.code = errorCode.getValue();
  }

  private static String describe(ErrorCode errorCode) {
    String head = "the service answered ErrorCode " + errorCode.getValue();
    return errorCode.isKnown()
        ? head + " (" + errorCode.known() + "): " + errorCode.getDescription()
        : head + " (a code the v1 description does not list)";
  }

  /** The code as an open enum; never {@code null}, never {@link ErrorCode#SUCCESS}. */
  public ErrorCode getErrorCode() {
    return errorCode;
  }

  /** The numeric code as the service sent it. */
  public int getCode() {
    return code;
  }

  /** What the code means according to the API description, or {@code null} for an unlisted code. */
  public String getDescription() {
    return errorCode.getDescription();
  }
}
