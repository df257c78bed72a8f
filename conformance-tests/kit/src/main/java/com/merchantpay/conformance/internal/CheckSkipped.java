package com.merchantpay.conformance.internal;

/**
 * A check cannot run on this target; the reason names what is missing (profile data, a credential,
 * ...).
 */
final class CheckSkipped extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CheckSkipped(String reason) {
    super(reason, null, false, false);
  }
}
