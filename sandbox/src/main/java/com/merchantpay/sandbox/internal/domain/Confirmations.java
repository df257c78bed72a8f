package com.merchantpay.sandbox.internal.domain;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * What each kind of confirmation step shows the merchant: only the members of its own step are set.
 */
final class Confirmations {
  private Confirmations() {}

  static Confirmation of(ConfirmationStep step, Payment payment, Workspace work) {
    String baseUrl = work.baseUrl;
    return switch (step) {
      case SmsOtp ->
          new Confirmation(
              step, maskedPhone(payment.phone), null, null, null, null, null, null, null, null);
      case ThreeDSMethod ->
          new Confirmation(
              step,
              null,
              baseUrl + "/acs/method",
              work.ids.uuid(),
              null,
              null,
              null,
              null,
              null,
              null);
      case ThreeDSChallenge -> {
        String creq =
            "{\"threeDSServerTransID\":\""
                + work.ids.uuid()
                + "\",\"messageType\":\"CReq\",\"messageVersion\":\"2.2.0\"}";
        yield new Confirmation(
            step,
            null,
            null,
            null,
            baseUrl + "/acs/challenge",
            Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(creq.getBytes(StandardCharsets.UTF_8)),
            null,
            null,
            null,
            null);
      }
      case ThreeDSv1 ->
          new Confirmation(
              step,
              null,
              null,
              null,
              baseUrl + "/acs/3ds1",
              null,
              Base64.getEncoder()
                  .encodeToString(
                      ("sandbox-pareq-" + payment.id + "-" + work.ids.hex(16))
                          .getBytes(StandardCharsets.UTF_8)),
              null,
              null,
              null);
      case External ->
          external(
              baseUrl + "/pay/" + payment.id,
              "Open paymentUrl and approve or decline the payment.");
    };
  }

  static Confirmation external(String paymentUrl, String instruction) {
    return new Confirmation(
        ConfirmationStep.External,
        null,
        null,
        null,
        null,
        null,
        null,
        paymentUrl,
        false,
        instruction);
  }

  /** The payer's phone as the SMS step shows it; a made-up one when the payment has none. */
  static String maskedPhone(String phone) {
    String digits = phone == null ? "" : phone.replaceAll("[^0-9]", "");
    if (digits.length() < 6) {
      digits = "79000000000";
    }
    return "+"
        + digits.charAt(0)
        + " "
        + digits.substring(1, 4)
        + " ***-**-"
        + digits.substring(digits.length() - 2);
  }
}
