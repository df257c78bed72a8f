package com.merchantpay.sandbox.internal.domain;

/** A confirmation step, named exactly as the {@code confirmation.type} the service shows. */
public enum ConfirmationStep {
  SmsOtp("code"),
  ThreeDSMethod("threeDSCompInd"),
  ThreeDSChallenge("cres"),
  ThreeDSv1("PARes"),
  External(null);

  private final String answerMember;

  ConfirmationStep(String answerMember) {
    this.answerMember = answerMember;
  }

  /**
   * The member of the complete call that answers this step; null for External, which the payer
   * finishes.
   */
  public String answerMember() {
    return answerMember;
  }

  /** The step with this wire name, or null. */
  public static ConfirmationStep named(String name) {
    for (ConfirmationStep step : values()) {
      if (step.name().equals(name)) {
        return step;
      }
    }
    return null;
  }
}
