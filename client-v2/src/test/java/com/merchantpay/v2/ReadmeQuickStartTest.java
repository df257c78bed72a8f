package com.merchantpay.v2;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.testsupport.ReadmeSnippets;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.CreateRefundRequest;
import com.merchantpay.v2.model.Invoice;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.Protocol;
import com.merchantpay.v2.model.Refund;
import com.merchantpay.v2.model.RefundStatus;
import com.merchantpay.v2.model.ThreeDSChallengeConfirmation;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start runs as written against the embedded sandbox, and the README shows
 * exactly this code.
 */
class ReadmeQuickStartTest {
  private static final String BEGIN = "// README quick start begins";
  private static final String END = "// README quick start ends";

  interface ThreeDSecurePage {
    String challenge(String acsUrl, String creq);
  }

  @Test
  void theQuickStartRunsAgainstTheSandbox() {
    try (Sandbox sandbox =
        Sandbox.builder().fixedClock(Instant.parse("2026-03-02T09:00:00Z")).start()) {
      String baseUrl = sandbox.baseUrl().toString();
      String accessToken = sandbox.bearerToken();
      String merchantId = sandbox.merchantId();
      String pan =
          "4000000000002032"; // the sandbox's test card that asks for a 3-D Secure challenge
      String cvc = "123";
      ThreeDSecurePage threeDSecure = (acsUrl, creq) -> "Y";
      List<String> output = new ArrayList<>();

      // README quick start begins
      MerchantPayClient client =
          MerchantPayClient.builder()
              .baseUrl(baseUrl) // https://... in production; plain http only for a local sandbox
              .accessToken(accessToken)
              .build();

      Payment payment =
          client
              .payments()
              .create(
                  new CreatePaymentRequest()
                      .merchantId(merchantId)
                      .dualMode(true) // hold the funds now, capture when the goods ship
                      .amount(new Amount().value(new BigDecimal("1499.00")).currency("RUB"))
                      .invoice(new Invoice().orderNo("4711").description("Order 4711"))
                      .paymentData(
                          new PaymentData()
                              .paymentMethod("bankcard")
                              .card(new Card().pan(pan).expiry("12/29").cvc(cvc)))
                      .protocol(
                          new Protocol()
                              .returnUrl("https://shop.example/return")
                              .threeDSCompleteUrl("https://shop.example/3ds-complete")));

      if (payment.getConfirmation() instanceof ThreeDSChallengeConfirmation challenge) {
        // The payer's browser posts creq to the bank's page and comes back with cres.
        String cres = threeDSecure.challenge(challenge.getAcsUrl(), challenge.getCreq());
        payment =
            client
                .payments()
                .complete(payment.getId(), new CompleteConfirmationRequest().cres(cres));
      }
      if (payment.getStatus().equals(PaymentStatus.REJECTED)) {
        output.add("declined: " + payment.getResultCode()); // a decline is data, not an exception
      }

      client
          .payments()
          .capture(
              payment.getId(),
              new CaptureRequest()
                  .amount(new Amount().value(new BigDecimal("1499.00")).currency("RUB")));

      Refund refund =
          client
              .refunds()
              .create(
                  new CreateRefundRequest()
                      .paymentId(payment.getId())
                      .amount(new Amount().value(new BigDecimal("499.00")).currency("RUB")));

      client
          .payments()
          .list(
              merchantId,
              OffsetDateTime.parse("2026-03-01T00:00:00Z"),
              OffsetDateTime.parse("2026-04-01T00:00:00Z"))
          .autoPagingStream() // follows the cursor, page by page, as you consume
          .forEach(item -> output.add(item.getId() + " " + item.getStatus()));

      try {
        client
            .refunds()
            .create(
                new CreateRefundRequest()
                    .paymentId(payment.getId())
                    .amount(new Amount().value(new BigDecimal("5000.00")).currency("RUB")));
      } catch (MerchantPayException e) {
        if (e.isOutcomeUnknown()) {
          // The refund may have been made. Retry later with this key, never a new one: it cannot
          // happen twice.
          output.add("retry with key " + e.getIdempotencyKey().orElseThrow());
        } else if (e instanceof ValidationErrorException invalid) {
          output.add("refused: " + invalid.getErrors()); // each failed check, naming the field
        } else {
          // Nothing was done. One line: operation, HTTP status, code, message, attempts, request
          // id, key.
          output.add("failed: " + e.getMessage());
        }
      }
      // README quick start ends

      assertThat(payment.getStatus()).isEqualTo(PaymentStatus.AUTHORIZED);
      assertThat(refund.getStatus()).isEqualTo(RefundStatus.PENDING);
      assertThat(output).hasSize(2);
      assertThat(output.get(0)).isEqualTo(payment.getId() + " Settled");
      assertThat(output.get(1)).startsWith("refused: [amount.value");
    }
  }

  @Test
  void theReadmeShowsTheTestedCode() throws IOException {
    String tested =
        ReadmeSnippets.between(
            Path.of("src/test/java/com/merchantpay/v2/ReadmeQuickStartTest.java"), BEGIN, END);
    String readme = Files.readString(Path.of("../README.md"));

    assertThat(tested).contains("MerchantPayClient.builder()");
    assertThat(tested.lines().count()).as("lines of example code").isGreaterThan(10);
    assertThat(readme).contains(tested);
  }
}
