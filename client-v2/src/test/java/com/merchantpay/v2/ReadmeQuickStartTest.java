package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

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
import com.merchantpay.v2.model.ThreeDSChallengeConfirmation;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The README's quick start runs as written against a local server, and the README shows exactly this code. */
class ReadmeQuickStartTest extends ClientTestSupport {
  private static final String BEGIN = "// README quick start begins";
  private static final String END = "// README quick start ends";

  interface ThreeDSecurePage {
    String challenge(String acsUrl, String creq);
  }

  @Test
  void theQuickStartRunsAgainstALocalServer() {
    stubTheService();
    String baseUrl = server.baseUrl();
    String accessToken = TOKEN;
    String pan = TEST_PAN;
    String cvc = TEST_CVC;
    ThreeDSecurePage threeDSecure = (acsUrl, creq) -> "eyJjcmVzIjoiWSJ9";
    List<String> output = new ArrayList<>();

    // README quick start begins
    MerchantPayClient client = MerchantPayClient.builder()
        .baseUrl(baseUrl) // https://... in production; plain http only for a local sandbox
        .accessToken(accessToken)
        .build();

    Payment payment = client.payments().create(new CreatePaymentRequest()
        .merchantId("a3f1c9e2")
        .dualMode(true) // hold the funds now, capture when the goods ship
        .amount(new Amount().value(new BigDecimal("1499.00")).currency("RUB"))
        .invoice(new Invoice().orderNo("4711").description("Order 4711"))
        .paymentData(new PaymentData().paymentMethod("bankcard")
            .card(new Card().pan(pan).expiry("12/29").cvc(cvc)))
        .protocol(new Protocol().returnUrl("https://shop.example/return")
            .threeDSCompleteUrl("https://shop.example/3ds-complete")));

    if (payment.getConfirmation() instanceof ThreeDSChallengeConfirmation challenge) {
      // The payer's browser posts creq to the bank's page and comes back with cres.
      String cres = threeDSecure.challenge(challenge.getAcsUrl(), challenge.getCreq());
      payment = client.payments().complete(payment.getId(), new CompleteConfirmationRequest().cres(cres));
    }
    if (payment.getStatus().equals(PaymentStatus.REJECTED)) {
      output.add("declined: " + payment.getResultCode()); // a decline is data, not an exception
    }

    client.payments().capture(payment.getId(), new CaptureRequest()
        .amount(new Amount().value(new BigDecimal("1499.00")).currency("RUB")));

    Refund refund = client.refunds().create(new CreateRefundRequest()
        .paymentId(payment.getId())
        .amount(new Amount().value(new BigDecimal("499.00")).currency("RUB")));

    client.payments()
        .list("a3f1c9e2", OffsetDateTime.parse("2026-03-01T00:00:00Z"), OffsetDateTime.parse("2026-04-01T00:00:00Z"))
        .autoPagingStream() // follows the cursor, page by page, as you consume
        .forEach(item -> output.add(item.getId() + " " + item.getStatus()));

    try {
      client.refunds().create(new CreateRefundRequest()
          .paymentId(payment.getId())
          .amount(new Amount().value(new BigDecimal("5000.00")).currency("RUB")));
    } catch (InvalidOperationException e) {
      // One line: operation, HTTP status, code, message, request id, idempotency key.
      output.add("refused: " + e.getMessage());
    } catch (TransportException e) {
      // Outcome unknown: retry with e.getIdempotencyKey() and the refund cannot happen twice.
      output.add("try again later with key " + e.getIdempotencyKey().orElseThrow());
    }
    // README quick start ends

    assertThat(payment.getStatus()).isEqualTo(PaymentStatus.AUTHORIZED);
    assertThat(refund.getId()).isEqualTo("r-1");
    assertThat(output).containsExactly("100001 Settled", "100002 Settled", "100003 Authorized",
        "refused: createRefund: HTTP 409 invalid_operation: refund exceeds the captured amount; request-id: req-77; "
            + "idempotency-key: " + server.findAll(postRequestedFor(urlEqualTo("/api/v2/refunds"))).get(1).getHeader("Idempotency-Key"));
    server.verify(putRequestedFor(urlEqualTo("/api/v2/payments/100003/complete"))
        .withRequestBody(equalToJson("{\"cres\":\"eyJjcmVzIjoiWSJ9\"}")));
    server.verify(putRequestedFor(urlEqualTo("/api/v2/payments/100003/confirm")));
  }

  @Test
  void theReadmeShowsTheTestedCode() throws IOException {
    String source = Files.readString(Path.of("src/test/java/com/merchantpay/v2/ReadmeQuickStartTest.java"));
    String tested = dedent(source.substring(source.indexOf(BEGIN) + BEGIN.length(), source.indexOf(END)));
    String readme = Files.readString(Path.of("../README.md"));

    assertThat(readme).contains(tested);
  }

  private static String dedent(String block) {
    List<String> lines = block.lines().collect(Collectors.toList());
    while (!lines.isEmpty() && lines.get(0).isBlank()) {
      lines.remove(0);
    }
    while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
      lines.remove(lines.size() - 1);
    }
    int indent = lines.stream().filter(line -> !line.isBlank())
        .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
    return lines.stream().map(line -> line.isBlank() ? "" : line.substring(indent)).collect(Collectors.joining("\n"));
  }

  private void stubTheService() {
    server.stubFor(post("/api/v2/payments").willReturn(okJson("""
        {"id":"100003","status":"Confirmation","created":"2026-03-02T10:00:00Z","merchantId":"a3f1c9e2",
         "amount":{"value":1499.00,"currency":"RUB"},
         "confirmation":{"type":"ThreeDSChallenge","acsUrl":"https://acs.example/challenge","creq":"eyJjcmVxIjoxfQ"}}""")));
    server.stubFor(put("/api/v2/payments/100003/complete").willReturn(okJson(payment("100003", "Authorized"))));
    server.stubFor(put("/api/v2/payments/100003/confirm").willReturn(aResponse().withStatus(200)));
    server.stubFor(post("/api/v2/refunds").inScenario("refunds").willReturn(okJson(
        "{\"id\":\"r-1\",\"paymentId\":\"100003\",\"status\":\"Pending\",\"amount\":{\"value\":499.00,\"currency\":\"RUB\"}}"))
        .willSetStateTo("refunded"));
    server.stubFor(post("/api/v2/refunds").inScenario("refunds").whenScenarioStateIs("refunded").willReturn(
        aResponse().withStatus(409).withHeader("Request-Id", "req-77")
            .withBody(error("invalid_operation", "refund exceeds the captured amount"))));
    server.stubFor(get(urlPathEqualTo("/api/v2/payments")).withQueryParam("cursor", com.github.tomakehurst.wiremock.client.WireMock.absent())
        .willReturn(okJson("{\"items\":[{\"id\":\"100001\",\"status\":\"Settled\"},{\"id\":\"100002\",\"status\":\"Settled\"}],\"cursor\":\"p2\"}")));
    server.stubFor(get(urlPathEqualTo("/api/v2/payments")).withQueryParam("cursor", com.github.tomakehurst.wiremock.client.WireMock.equalTo("p2"))
        .willReturn(okJson("{\"items\":[{\"id\":\"100003\",\"status\":\"Authorized\"}]}")));
  }
}
