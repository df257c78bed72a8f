package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.http.Fault;
import com.merchantpay.v2.model.Dsrp;
import com.merchantpay.v2.model.DsrpType;
import com.merchantpay.v2.model.PaymentTokenReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Card numbers, CVCs, cryptograms, token ids and the bearer token never reach a log line, a
 * toString() or an exception message — not even when the server echoes them back.
 */
class SecretsTest extends ClientTestSupport {
  private static final String CRYPTOGRAM = "AgAAAAAAAIR8CQrXcIhbQAAAAAA=";
  private static final String PAYMENT_TOKEN_ID = "ptok_9f8e7d6c5b4a";

  @Test
  void nothingSecretIsLoggedPrintedOrThrownThroughAWholeSession() {
    String echo =
        "{\"code\":\"validation_error\",\"message\":\"bad pan "
            + TEST_PAN
            + " cvc "
            + TEST_CVC
            + " cryptogram "
            + CRYPTOGRAM
            + " token "
            + PAYMENT_TOKEN_ID
            + "\",\"errors\":[\"Authorization: Bearer "
            + TOKEN
            + "\"]}";
    // The service echoes what the failing request carried; a retried create resets the connection
    // first.
    server.stubFor(
        post("/api/v2/payments")
            .inScenario("s")
            .whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
            .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER))
            .willSetStateTo("echo"));
    server.stubFor(
        post("/api/v2/payments")
            .inScenario("s")
            .whenScenarioStateIs("echo")
            .willReturn(aResponse().withStatus(400).withBody(echo)));
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withBody(
                        "{\"code\":\"validation_error\",\"message\":\"card "
                            + TEST_PAN
                            + " with Bearer "
                            + TOKEN
                            + "\"}")));
    server.stubFor(
        get("/api/v2/payments/p-2")
            .willReturn(
                aResponse()
                    .withStatus(502)
                    .withBody("<html>" + TEST_PAN + " " + TOKEN + "</html>")));
    server.stubFor(
        put("/api/v2/paymenttokens/" + PAYMENT_TOKEN_ID + "/revoke")
            .willReturn(aResponse().withStatus(503)));
    server.stubFor(
        put("/api/v2/payments/p-3/complete")
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withBody(
                        "{\"code\":\"validation_error\",\"message\":\"code 482913 and cres eyJjcmVzIn0 rejected\"}")));
    server.stubFor(
        post("/api/v2/paymenttokens")
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withBody("{\"id\":\"" + PAYMENT_TOKEN_ID + "\",\"status\":\"Created\"")));
    server.stubFor(
        get("/api/v2/paymenttokens/" + PAYMENT_TOKEN_ID)
            .willReturn(okJson("{\"id\":\"" + PAYMENT_TOKEN_ID + "\",\"status\":\"Active\"}")));
    MerchantPayClient client = client();
    var request = cardPayment();
    request
        .getPaymentData()
        .dsrp(new Dsrp().type(DsrpType.APPLE_PAY).cryptogram(CRYPTOGRAM).eci("05"))
        .token(new PaymentTokenReference().id(PAYMENT_TOKEN_ID));

    List<String> printed = new ArrayList<>();
    printed.add(request.toString());
    printed.add(
        new com.merchantpay.v2.model.CompleteConfirmationRequest()
            .code("482913")
            .cres("eyJjcmVzIn0")
            .toString());
    printed.add(client.toString());
    printed.add(RequestOptions.builder().accessToken(TOKEN).idempotencyKey("k").build().toString());
    printed.add(client.paymentTokens().get(PAYMENT_TOKEN_ID).toString());
    for (Runnable call :
        List.<Runnable>of(
            () -> client.payments().create(request),
            () -> client.payments().get("p-1"),
            () -> client.payments().get("p-2"),
            () -> client.paymentTokens().revoke(PAYMENT_TOKEN_ID),
            () ->
                client
                    .payments()
                    .complete(
                        "p-3",
                        new com.merchantpay.v2.model.CompleteConfirmationRequest()
                            .code("482913")
                            .cres("eyJjcmVzIn0")),
            () ->
                client
                    .paymentTokens()
                    .create(
                        new com.merchantpay.v2.model.CreatePaymentTokenRequest()
                            .merchantId("m-1")
                            .type(com.merchantpay.v2.model.TokenType.RECURRING)
                            .paymentData(
                                new com.merchantpay.v2.model.PaymentData()
                                    .paymentMethod("bankcard"))))) {
      Throwable thrown = catchThrowable(call::run);
      assertThat(thrown).isInstanceOf(MerchantPayException.class);
      for (Throwable t = thrown; t != null; t = t.getCause()) {
        printed.add(String.valueOf(t.getMessage()));
        printed.add(t.toString());
      }
    }
    printed.add(log.text());

    assertThat(log.lines).isNotEmpty();
    assertThat(String.join("\n", printed))
        .doesNotContain(
            TEST_PAN,
            "411111111",
            TOKEN,
            CRYPTOGRAM,
            PAYMENT_TOKEN_ID,
            "cvc " + TEST_CVC,
            "cvc: " + TEST_CVC,
            "482913",
            "eyJjcmVzIn0");
  }
}
