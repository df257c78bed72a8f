package com.merchantpay.v2.generated;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v2.internal.ApiClient;
import com.merchantpay.v2.internal.ApiOperations;
import com.merchantpay.v2.internal.ApiResponse;
import com.merchantpay.v2.internal.BoundedTransport;
import com.merchantpay.v2.internal.api.PaymentsApi;
import com.merchantpay.v2.internal.api.RefundsApi;
import com.merchantpay.v2.internal.api.StickersApi;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.Confirmation;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Customer;
import com.merchantpay.v2.model.ExternalConfirmation;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentList;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.PaymentTokenReference;
import com.merchantpay.v2.model.Protocol;
import com.merchantpay.v2.model.Refund;
import com.merchantpay.v2.model.SmsOtpConfirmation;
import com.merchantpay.v2.model.StickerActivationRequest;
import com.merchantpay.v2.model.ThreeDSChallengeConfirmation;
import com.merchantpay.v2.model.ThreeDSMethodConfirmation;
import com.merchantpay.v2.model.ThreeDSv1Confirmation;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated v2 client on the wire, against a real local HTTP server: headers, JSON member
 * names, path and query encoding, empty-body answers, and the decoding tolerance the spec promises.
 */
class GeneratedClientWireFormatTest {
  private static final String TEST_PAN = "4111111111111111";

  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  /**
   * The one way the client calls an operation: per-call timeouts and headers, status and headers
   * back. The methods have no header templates; the headers the contract lists for the operation
   * ride on the options, as the client sends them.
   */
  private static BoundedTransport.CallOptions options(String operationId, String idempotencyKey) {
    ApiOperations.Operation operation =
        ApiOperations.all().stream()
            .filter(candidate -> candidate.operationId().equals(operationId))
            .findFirst()
            .orElseThrow();
    Map<String, String> headers = new HashMap<>(operation.fixedHeaders());
    if (idempotencyKey != null) {
      assertThat(operation.headerParameters()).containsExactly("Idempotency-Key");
      headers.put("Idempotency-Key", idempotencyKey);
    }
    return new BoundedTransport.CallOptions(5_000, 5_000, headers);
  }

  private static BoundedTransport.CallOptions options(String operationId) {
    return options(operationId, null);
  }

  private final ObjectMapper mapper = ApiClient.createObjectMapper();
  private PaymentsApi payments;
  private RefundsApi refunds;
  private StickersApi stickers;

  @BeforeEach
  void buildClient() {
    ApiClient apiClient = new ApiClient("bearerAuth");
    apiClient.setBearerToken("tok_test");
    apiClient.setBasePath(server.baseUrl());
    payments = apiClient.buildClient(PaymentsApi.class);
    refunds = apiClient.buildClient(RefundsApi.class);
    stickers = apiClient.buildClient(StickersApi.class);
  }

  @Test
  void createPaymentSendsBearerTokenIdempotencyKeyAndDocumentedMemberNames() {
    server.stubFor(
        post("/api/v2/payments").willReturn(okJson(paymentJson("\"status\":\"Authorized\""))));

    payments
        .createPaymentWithHttpInfo(options("createPayment", "8e0a2c43-key"), cardPayment())
        .getData();

    server.verify(
        postRequestedFor(urlEqualTo("/api/v2/payments"))
            .withHeader("Authorization", equalTo("Bearer tok_test"))
            .withHeader("Idempotency-Key", equalTo("8e0a2c43-key"))
            .withHeader("Content-Type", equalTo("application/json"))
            .withHeader("Accept", equalTo("application/json"))
            .withRequestBody(
                equalToJson(
                    """
            {"merchantId":"m-1","dualMode":true,"testMode":false,
             "amount":{"value":10.1234,"currency":"RUB"},
             "paymentData":{"paymentMethod":"bankcard",
                            "card":{"pan":"4111111111111111","expiry":"12/29","cvc":"987"},
                            "token":{"id":"tok-card-1"}},
             "protocol":{"returnUrl":"https://shop.example/back","callbackUrl":"https://shop.example/cb",
                         "threeDSCompleteUrl":"https://shop.example/3ds"},
             "customer":{"email":"payer@example.com","ip":"203.0.113.7"}}""",
                    false,
                    false)));
  }

  @Test
  void amountsAreWrittenWithTheirExactScaleAndWithoutExponent() {
    server.stubFor(
        post("/api/v2/payments").willReturn(okJson(paymentJson("\"status\":\"Authorized\""))));
    CreatePaymentRequest request = cardPayment();
    request.setAmount(new Amount().value(new BigDecimal("10.10")).currency("RUB"));
    payments.createPaymentWithHttpInfo(options("createPayment", "k"), request).getData();
    request.setAmount(new Amount().value(new BigDecimal("1E+3")).currency("RUB"));
    payments.createPaymentWithHttpInfo(options("createPayment", "k"), request).getData();

    assertThat(server.findAll(postRequestedFor(urlEqualTo("/api/v2/payments"))))
        .extracting(LoggedRequest::getBodyAsString)
        .satisfiesExactly(
            body -> assertThat(body).contains("\"value\":10.10,"),
            body -> assertThat(body).contains("\"value\":1000,"));
  }

  @Test
  void responseAmountsKeepTheirExactValueAndScale() {
    server.stubFor(
        get("/api/v2/payments/p-1").willReturn(okJson(paymentJson("\"status\":\"Settled\""))));

    BigDecimal value =
        payments
            .getPaymentWithHttpInfo(options("getPayment"), "p-1")
            .getData()
            .getAmount()
            .getValue();

    assertThat(value).isEqualByComparingTo("10.1234");
    assertThat(value.scale()).isEqualTo(4);
  }

  @Test
  void timestampsWithAndWithoutFractionalSecondsDecode() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                okJson(
                    paymentJson(
                        "\"status\":\"Settled\",\"completed\":\"2026-03-01T10:15:30.123Z\""))));

    Payment payment = payments.getPaymentWithHttpInfo(options("getPayment"), "p-1").getData();

    assertThat(payment.getCreated())
        .isEqualTo(OffsetDateTime.of(2026, 3, 1, 10, 15, 0, 0, ZoneOffset.UTC));
    assertThat(payment.getCompleted())
        .isEqualTo(OffsetDateTime.of(2026, 3, 1, 10, 15, 30, 123_000_000, ZoneOffset.UTC));
  }

  @Test
  void unknownMembersAndUnknownEnumValuesDecode() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                okJson(
                    paymentJson(
                        "\"status\":\"Frozen\",\"resultCode\":\"QuantumDecline\",\"loyalty\":{\"points\":12},\"tags\":[1,2]"))));

    Payment payment = payments.getPaymentWithHttpInfo(options("getPayment"), "p-1").getData();

    assertThat(payment.getStatus().isKnown()).isFalse();
    assertThat(payment.getStatus().getValue()).isEqualTo("Frozen");
    assertThat(payment.getStatus().known()).isEqualTo(PaymentStatus.Known.UNRECOGNIZED);
    assertThat(payment.getResultCode().getValue()).isEqualTo("QuantumDecline");
    assertThat(payment.getId()).isEqualTo("p-1");
  }

  @Test
  void listQueryIsEncodedWithUtcTimestampsAndOpaqueCursor() {
    server.stubFor(
        get(urlPathEqualTo("/api/v2/payments"))
            .willReturn(okJson("{\"items\":[],\"cursor\":null}")));

    PaymentList page =
        payments
            .listPaymentsWithHttpInfo(
                options("listPayments"),
                "merchant 1&2",
                OffsetDateTime.of(2026, 3, 1, 3, 0, 0, 0, ZoneOffset.ofHours(3)),
                OffsetDateTime.of(2026, 3, 2, 0, 0, 0, 0, ZoneOffset.UTC),
                "c+u/r=s")
            .getData();

    assertThat(page.getItems()).isEmpty();
    assertThat(page.getCursor()).isNull();
    assertThat(server.getAllServeEvents().get(0).getRequest().getUrl())
        .isEqualTo(
            "/api/v2/payments?merchantId=merchant%201%262&start=2026-03-01T00%3A00%3A00Z"
                + "&end=2026-03-02T00%3A00%3A00Z&cursor=c%2Bu%2Fr%3Ds");
  }

  @Test
  void anAbsentCursorIsNotSent() {
    server.stubFor(
        get(urlPathEqualTo("/api/v2/payments"))
            .willReturn(okJson("{\"items\":[],\"nextCursor\":\"n2\"}")));

    PaymentList page =
        payments
            .listPaymentsWithHttpInfo(
                options("listPayments"),
                "m-1",
                OffsetDateTime.of(2026, 3, 1, 0, 0, 0, 0, ZoneOffset.UTC),
                OffsetDateTime.of(2026, 3, 2, 0, 0, 0, 0, ZoneOffset.UTC),
                null)
            .getData();

    assertThat(server.getAllServeEvents().get(0).getRequest().getUrl()).doesNotContain("cursor");
    assertThat(page.getCursor()).as("nextCursor is accepted as an alias").isEqualTo("n2");
  }

  @Test
  void pathIdsAreEncodedSoTheyCannotLeaveTheirSegment() {
    server.stubFor(
        get(urlPathEqualTo("/api/v2/refunds/r%201%2F%C3%A4"))
            .willReturn(
                okJson(
                    "{\"id\":\"r 1/ä\",\"status\":\"Success\",\"paymentId\":\"p-1\",\"amount\":{\"value\":1,\"currency\":\"RUB\"}}")));

    Refund refund = refunds.getRefundWithHttpInfo(options("getRefund"), "r 1/ä").getData();

    assertThat(refund.getId()).isEqualTo("r 1/ä");
  }

  @Test
  void captureAndCancelAcceptAnEmptyBody200() {
    server.stubFor(put("/api/v2/payments/p-1/confirm").willReturn(aResponse().withStatus(200)));
    server.stubFor(put("/api/v2/payments/p-1/cancel").willReturn(aResponse().withStatus(200)));

    ApiResponse<Void> captured =
        payments.capturePaymentWithHttpInfo(
            options("capturePayment"),
            "p-1",
            new CaptureRequest()
                .amount(new Amount().value(new BigDecimal("5.00")).currency("RUB")));
    ApiResponse<Void> cancelled =
        payments.cancelPaymentWithHttpInfo(options("cancelPayment"), "p-1");

    assertThat(captured.getStatusCode()).isEqualTo(200);
    assertThat(captured.getData()).isNull();
    assertThat(cancelled.getStatusCode()).isEqualTo(200);
    server.verify(
        putRequestedFor(urlEqualTo("/api/v2/payments/p-1/confirm"))
            .withRequestBody(equalToJson("{\"amount\":{\"value\":5.00,\"currency\":\"RUB\"}}")));
  }

  @Test
  void anEmptyBodyOperationAlsoAccepts204AndIgnoresAJsonBody() {
    server.stubFor(put("/api/v2/stickers/s-1").willReturn(aResponse().withStatus(204)));
    server.stubFor(
        put("/api/v2/paymenttokens/t-1/revoke").willReturn(okJson("{\"status\":\"Revoked\"}")));

    stickers
        .setStickerActiveWithHttpInfo(
            options("setStickerActive"), "s-1", new StickerActivationRequest().active(false))
        .getData();
    new ApiClientFor(server.baseUrl())
        .paymentTokens()
        .revokePaymentTokenWithHttpInfo(options("revokePaymentToken"), "t-1")
        .getData();

    server.verify(
        putRequestedFor(urlEqualTo("/api/v2/stickers/s-1"))
            .withRequestBody(equalToJson("{\"active\":false}")));
  }

  @Test
  void completeSendsEachConfirmationAnswerUnderItsDocumentedName() {
    server.stubFor(
        put("/api/v2/payments/p-1/complete")
            .willReturn(okJson(paymentJson("\"status\":\"Authorized\""))));

    payments
        .completePaymentWithHttpInfo(
            options("completePayment"), "p-1", new CompleteConfirmationRequest().code("1234"))
        .getData();
    payments
        .completePaymentWithHttpInfo(
            options("completePayment"),
            "p-1",
            new CompleteConfirmationRequest().threeDSCompInd("Y"))
        .getData();
    payments
        .completePaymentWithHttpInfo(
            options("completePayment"),
            "p-1",
            new CompleteConfirmationRequest().cres("eyJjcmVzIjoxfQ"))
        .getData();
    payments
        .completePaymentWithHttpInfo(
            options("completePayment"),
            "p-1",
            new CompleteConfirmationRequest().paRes("eJzVWFmTo0"))
        .getData();

    assertThat(server.findAll(putRequestedFor(urlEqualTo("/api/v2/payments/p-1/complete"))))
        .extracting(LoggedRequest::getBodyAsString)
        .containsExactly(
            "{\"code\":\"1234\"}",
            "{\"threeDSCompInd\":\"Y\"}",
            "{\"cres\":\"eyJjcmVzIjoxfQ\"}",
            "{\"PARes\":\"eJzVWFmTo0\"}");
  }

  static Stream<Arguments> confirmations() {
    return Stream.of(
        Arguments.of(
            ExternalConfirmation.class,
            "{\"type\":\"External\",\"paymentUrl\":\"https://pay.example/p\",\"universalLink\":true,\"instruction\":\"Open the app\"}"),
        Arguments.of(
            SmsOtpConfirmation.class, "{\"type\":\"SmsOtp\",\"maskedPhone\":\"+7******1234\"}"),
        Arguments.of(
            ThreeDSMethodConfirmation.class,
            "{\"type\":\"ThreeDSMethod\",\"methodUrl\":\"https://acs.example/m\",\"transactionId\":\"tx-1\"}"),
        Arguments.of(
            ThreeDSChallengeConfirmation.class,
            "{\"type\":\"ThreeDSChallenge\",\"acsUrl\":\"https://acs.example/c\",\"creq\":\"eyJjcmVxIjoxfQ\"}"),
        Arguments.of(
            ThreeDSv1Confirmation.class,
            "{\"type\":\"ThreeDSv1\",\"acsUrl\":\"https://acs.example/v1\",\"PAReq\":\"eJxVUstu\"}"));
  }

  @ParameterizedTest
  @MethodSource("confirmations")
  void everyConfirmationVariantRoundTrips(Class<? extends Confirmation> variant, String json)
      throws Exception {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                okJson(paymentJson("\"status\":\"Confirmation\",\"confirmation\":" + json))));

    Confirmation confirmation =
        payments.getPaymentWithHttpInfo(options("getPayment"), "p-1").getData().getConfirmation();

    assertThat(confirmation).isInstanceOf(variant);
    assertThat(mapper.readTree(mapper.writeValueAsString(confirmation)))
        .isEqualTo(mapper.readTree(json));
  }

  @Test
  void anUnknownConfirmationTypeDecodesWithItsMembers() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                okJson(
                    paymentJson(
                        "\"status\":\"Confirmation\",\"confirmation\":{\"type\":\"PushApproval\",\"deviceHint\":\"Pixel\"}"))));

    Confirmation confirmation =
        payments.getPaymentWithHttpInfo(options("getPayment"), "p-1").getData().getConfirmation();

    assertThat(confirmation).isInstanceOf(Confirmation.Unrecognized.class);
    assertThat(confirmation.getType()).isEqualTo("PushApproval");
    assertThat(((Confirmation.Unrecognized) confirmation).getMembers())
        .containsEntry("deviceHint", "Pixel");
  }

  @Test
  void cardNumberCvcAndTokenIdNeverAppearInToString() {
    String printed = cardPayment().toString();

    assertThat(printed).doesNotContain(TEST_PAN, "411111", "987", "tok-card-1").contains("***1111");
  }

  @Test
  void requestsCarryNoSecretsInHeadersOtherThanTheBearerToken() {
    server.stubFor(
        get("/api/v2/payments/p-1").willReturn(okJson(paymentJson("\"status\":\"Settled\""))));

    payments.getPaymentWithHttpInfo(options("getPayment"), "p-1").getData();

    server.verify(
        getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))
            .withHeader("Authorization", equalTo("Bearer tok_test")));
    assertThat(
            server
                .getAllServeEvents()
                .get(0)
                .getRequest()
                .getHeaders()
                .getHeader("Upgrade")
                .isPresent())
        .isFalse();
  }

  static CreatePaymentRequest cardPayment() {
    return new CreatePaymentRequest()
        .merchantId("m-1")
        .dualMode(true)
        .amount(new Amount().value(new BigDecimal("10.1234")).currency("RUB"))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan(TEST_PAN).expiry("12/29").cvc("987"))
                .token(new PaymentTokenReference().id("tok-card-1")))
        .protocol(
            new Protocol()
                .returnUrl("https://shop.example/back")
                .callbackUrl("https://shop.example/cb")
                .threeDSCompleteUrl("https://shop.example/3ds"))
        .customer(new Customer().email("payer@example.com").ip("203.0.113.7"));
  }

  static String paymentJson(String extraMembers) {
    return "{\"id\":\"p-1\",\"created\":\"2026-03-01T10:15:00Z\",\"testMode\":true,\"merchantId\":\"m-1\","
        + "\"amount\":{\"value\":10.1234,\"currency\":\"RUB\"},"
        + extraMembers
        + "}";
  }

  /** A second client on the same server, to show token operations too. */
  private record ApiClientFor(String baseUrl) {
    com.merchantpay.v2.internal.api.PaymentTokensApi paymentTokens() {
      ApiClient apiClient = new ApiClient("bearerAuth");
      apiClient.setBearerToken("tok_test");
      apiClient.setBasePath(baseUrl);
      return apiClient.buildClient(com.merchantpay.v2.internal.api.PaymentTokensApi.class);
    }
  }
}
