package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v1.model.ErrorCode;
import com.merchantpay.v1.model.Payment;
import com.merchantpay.v1.model.PaymentState;
import com.merchantpay.v1.model.Refund;
import com.merchantpay.v1.model.RefundState;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How answers become results or exceptions: the envelope's ErrorCode, HTTP status, tolerance,
 * transport.
 */
class EnvelopeDecodingTest {
  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  private MerchantPayV1Client client;

  @BeforeEach
  void buildClient() {
    client = TestClients.client(server.baseUrl());
  }

  /** The error code table of the service document, typed from it: code and the name clients use. */
  static Stream<Arguments> documentedFailureCodes() {
    return Stream.of(
        Arguments.of(-1, ErrorCode.Known.UNKNOWN_ERROR),
        Arguments.of(-2, ErrorCode.Known.NETWORK_ERROR),
        Arguments.of(-6, ErrorCode.Known.ACCESS_DENIED),
        Arguments.of(-7, ErrorCode.Known.INVALID_SIGNATURE),
        Arguments.of(-8, ErrorCode.Known.DECLINED_BY_MERCHANT),
        Arguments.of(-9, ErrorCode.Known.INVOICE_EXPIRED),
        Arguments.of(-10, ErrorCode.Known.DECLINED_BY_PAYMENT_SYSTEM),
        Arguments.of(-13, ErrorCode.Known.PAYMENT_NOT_FOUND),
        Arguments.of(-14, ErrorCode.Known.DUPLICATE_NONCE),
        Arguments.of(-15, ErrorCode.Known.PAYMENT_EXPIRED_OR_CANCELLED),
        Arguments.of(-17, ErrorCode.Known.CANCELLED_BY_USER),
        Arguments.of(-18, ErrorCode.Known.INVALID_AMOUNT),
        Arguments.of(-19, ErrorCode.Known.INSUFFICIENT_FUNDS),
        Arguments.of(-22, ErrorCode.Known.PAYMENT_SYSTEM_LOGIN_FAILED),
        Arguments.of(-25, ErrorCode.Known.THREE_D_SECURE_FAILED),
        Arguments.of(-26, ErrorCode.Known.INVALID_CARD_NUMBER),
        Arguments.of(-27, ErrorCode.Known.CARD_EXPIRED),
        Arguments.of(-28, ErrorCode.Known.CARD_BLOCKED),
        Arguments.of(-29, ErrorCode.Known.AMOUNT_LIMIT_EXCEEDED),
        Arguments.of(-30, ErrorCode.Known.PAYMENT_COUNT_LIMIT_EXCEEDED),
        Arguments.of(-31, ErrorCode.Known.CARD_OPERATION_NOT_ALLOWED));
  }

  @ParameterizedTest(name = "ErrorCode {0} is {1}")
  @MethodSource("documentedFailureCodes")
  void everyDocumentedFailureCodeThrowsWithCodeMeaningAndOperation(int code, ErrorCode.Known name) {
    server.stubFor(any(anyUrl()).willReturn(okJson("{\"ErrorCode\":" + code + "}")));

    V1ErrorCodeException failure =
        catchThrowableOfType(V1ErrorCodeException.class, () -> client.getPayment(1L));

    assertThat(failure.getCode()).isEqualTo(code);
    assertThat(failure.getErrorCode().known()).isEqualTo(name);
    assertThat(failure.getOperation()).isEqualTo("getPayment");
    assertThat(failure.getDescription())
        .isNotBlank()
        .isEqualTo(ErrorCode.fromValue(code).getDescription());
    assertThat(failure.getMessage())
        .isEqualTo(
            "getPayment: the service answered ErrorCode "
                + code
                + " ("
                + name
                + "): "
                + failure.getDescription());
  }

  @Test
  void theOperationNamedIsTheOneThatFailed() {
    server.stubFor(any(anyUrl()).willReturn(okJson("{\"ErrorCode\":-18}")));

    assertThatThrownBy(() -> client.refundPayment(1L, BigDecimal.ONE))
        .isInstanceOf(V1ErrorCodeException.class)
        .hasMessageStartingWith("refundPayment: ");
    assertThatThrownBy(
            () -> client.listTransfers(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 1, 2)))
        .isInstanceOf(V1ErrorCodeException.class)
        .hasMessageStartingWith("listTransfers: ");
  }

  @Test
  void anUnlistedCodeIsStillAFailureWithItsNumber() {
    server.stubFor(any(anyUrl()).willReturn(okJson("{\"ErrorCode\":-99}")));

    V1ErrorCodeException failure =
        catchThrowableOfType(V1ErrorCodeException.class, () -> client.getPayment(1L));

    assertThat(failure.getCode()).isEqualTo(-99);
    assertThat(failure.getErrorCode().isKnown()).isFalse();
    assertThat(failure.getDescription()).isNull();
    assertThat(failure.getMessage())
        .isEqualTo(
            "getPayment: the service answered ErrorCode -99 (a code the v1 description does not list)");
  }

  static Stream<Arguments> singleObjectOperations() {
    return Stream.<Arguments>of(
        Arguments.of(
            "getPayment", "Payment", (Consumer<MerchantPayV1Client>) c -> c.getPayment(1L)),
        Arguments.of(
            "getPaymentByInvoiceID",
            "Payment",
            (Consumer<MerchantPayV1Client>) c -> c.getPaymentByInvoiceId("INV-1", "site")),
        Arguments.of(
            "refundPayment",
            "Refund",
            (Consumer<MerchantPayV1Client>) c -> c.refundPayment(1L, BigDecimal.ONE)),
        Arguments.of(
            "confirmPayment",
            "Payment",
            (Consumer<MerchantPayV1Client>) c -> c.confirmPayment(1L, BigDecimal.ONE)),
        Arguments.of(
            "cancelPayment", "Payment", (Consumer<MerchantPayV1Client>) c -> c.cancelPayment(1L)),
        Arguments.of(
            "getTransferRegister",
            "Response",
            (Consumer<MerchantPayV1Client>) c -> c.getTransferRegister("5521")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("singleObjectOperations")
  void aSuccessWithoutItsPayloadIsAServerFailureNotANull(
      String operation, String member, Consumer<MerchantPayV1Client> call) {
    server.stubFor(any(anyUrl()).willReturn(okJson("{\"ErrorCode\":0}")));

    V1ServerFailureException failure =
        catchThrowableOfType(V1ServerFailureException.class, () -> call.accept(client));

    assertThat(failure).isNotNull();
    assertThat(failure.getOperation()).isEqualTo(operation);
    assertThat(failure.getStatus()).isEqualTo(200);
    assertThat(failure.getMessage()).startsWith(operation + ": ErrorCode 0 without " + member);
  }

  @Test
  void aPayloadSentWithAFailureCodeIsIgnored() {
    server.stubFor(
        any(anyUrl())
            .willReturn(
                okJson("{\"ErrorCode\":-13,\"Payment\":{\"PaymentID\":\"not a number\"}}")));

    assertThatThrownBy(() -> client.getPaymentByInvoiceId("INV-1", "site"))
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class,
            failure -> assertThat(failure.getErrorCode()).isEqualTo(ErrorCode.PAYMENT_NOT_FOUND));
  }

  @Test
  void successReturnsThePayloadIgnoringUnknownMembers() {
    server.stubFor(
        any(urlPathEqualTo("/api/v1/getPayment"))
            .willReturn(
                okJson(
                    """
        {"ErrorCode":0,"Added":{"x":[1]},"Payment":{"PaymentID":50021467,"Amount":1000.10,
         "State":"HOLD","LastUpdateTime":"2024-03-04T16:42:07.25","IsTestPayment":true,"NewField":"x",
         "UserPhoneNumber":"79161234567"}}""")));

    Payment payment = client.getPayment(50021467L);

    assertThat(payment.getPaymentID()).isEqualTo(50021467L);
    assertThat(payment.getAmount()).isEqualByComparingTo("1000.10");
    assertThat(payment.getAmount().scale()).isEqualTo(2);
    assertThat(payment.getState()).isEqualTo(PaymentState.HOLD);
    assertThat(payment.getLastUpdateTime())
        .isEqualTo(LocalDateTime.of(2024, 3, 4, 16, 42, 7, 250_000_000));
    assertThat(payment.toString()).doesNotContain("79161234567");
  }

  @Test
  void refundAnswerAcceptsStatusAsStateAndNullErrorFields() {
    server.stubFor(
        any(anyUrl())
            .willReturn(
                okJson(
                    """
        {"ErrorCode":0,"Refund":{"ExternalID":null,"PaymentID":5,"Amount":250.5,"ErrorCode":null,
         "ErrorDesc":null,"Status":"PENDING"}}""")));

    Refund refund = client.refundPayment(5L, new BigDecimal("250.5"));

    assertThat(refund.getState()).isEqualTo(RefundState.PENDING);
    assertThat(refund.getErrorCode()).isNull();
  }

  @Test
  void listsExposeOverflowAndAMissingResponseIsAnEmptyList() {
    server.stubFor(
        any(urlPathEqualTo("/api/v1/listPaymentsFilter"))
            .willReturn(
                okJson(
                    "{\"ErrorCode\":0,\"Response\":{\"Overflow\":true,\"Payments\":[{\"PaymentID\":1},{\"PaymentID\":2}]}}")));
    server.stubFor(
        any(urlPathEqualTo("/api/v1/listRefunds")).willReturn(okJson("{\"ErrorCode\":0}")));

    ListResult<Payment> payments = client.listPayments(PaymentFilter.builder().build());
    ListResult<Refund> refunds = client.listRefunds(RefundFilter.builder().build());

    assertThat(payments.isOverflow()).isTrue();
    assertThat(payments.getItems()).extracting(Payment::getPaymentID).containsExactly(1L, 2L);
    assertThat(refunds.isOverflow()).isFalse();
    assertThat(refunds.getItems()).isEmpty();
  }

  @ParameterizedTest(name = "HTTP {0}")
  @ValueSource(ints = {201, 204, 400, 403, 404, 500, 502, 503})
  void anyStatusOtherThan200IsAServerFailureEvenWithAnEnvelope(int status) {
    server.stubFor(
        any(anyUrl())
            .willReturn(
                aResponse()
                    .withStatus(status)
                    .withHeader("Content-Type", "application/json")
                    .withBody("{\"ErrorCode\":0,\"Payment\":{}}")));

    V1ServerFailureException failure =
        catchThrowableOfType(V1ServerFailureException.class, () -> client.getPayment(7L));

    assertThat(failure.getStatus()).isEqualTo(status);
    assertThat(failure.getOperation()).isEqualTo("getPayment");
    assertThat(failure.getMessage()).startsWith("getPayment: ").contains("HTTP " + status);
  }

  @Test
  void serverFailureMessageCarriesARedactedExcerptOfTheBody() {
    server.stubFor(
        any(anyUrl())
            .willReturn(
                aResponse()
                    .withStatus(500)
                    .withBody(
                        "Internal error\nwhile parsing request login=shop-auto-01&hash=abc%2Bdef%3D&nonce=n1")));

    V1ServerFailureException failure =
        catchThrowableOfType(V1ServerFailureException.class, () -> client.getPayment(7L));

    assertThat(failure.getBodyExcerpt())
        .isEqualTo("Internal error while parsing request login=shop-auto-01&hash=***&nonce=***");
    assertThat(failure.getMessage()).endsWith("; body: " + failure.getBodyExcerpt());
  }

  @Test
  void aBodyThatIsNotAnEnvelopeIsAServerFailure() {
    server.stubFor(
        any(urlPathEqualTo("/api/v1/getPayment"))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/html")
                    .withBody("<html><body>Maintenance</body>")));
    server.stubFor(
        any(urlPathEqualTo("/api/v1/confirmPayment")).willReturn(okJson("{\"Payment\":{}}")));
    server.stubFor(
        any(urlPathEqualTo("/api/v1/cancelPayment"))
            .willReturn(okJson("{\"ErrorCode\":\"zero\"}")));
    server.stubFor(any(urlPathEqualTo("/api/v1/listRefunds")).willReturn(okJson("[1,2]")));

    assertThatThrownBy(() -> client.getPayment(1L)).isInstanceOf(V1ServerFailureException.class);
    assertThatThrownBy(() -> client.confirmPayment(1L, BigDecimal.ONE))
        .isInstanceOf(V1ServerFailureException.class)
        .hasMessageContaining("no integer ErrorCode");
    assertThatThrownBy(() -> client.cancelPayment(1L))
        .isInstanceOf(V1ServerFailureException.class)
        .hasMessageContaining("no integer ErrorCode");
    assertThatThrownBy(() -> client.listRefunds(RefundFilter.builder().build()))
        .isInstanceOf(V1ServerFailureException.class)
        .hasMessageContaining("not an envelope");
  }

  @Test
  void aMalformedPayloadIsAServerFailureNamingTheOperation() {
    server.stubFor(
        any(anyUrl())
            .willReturn(okJson("{\"ErrorCode\":0,\"Payment\":{\"PaymentID\":\"seven\"}}")));

    assertThatThrownBy(() -> client.getPayment(7L))
        .isInstanceOf(V1ServerFailureException.class)
        .hasMessageStartingWith("getPayment: the answer could not be read");
  }

  @Test
  void aTimeoutIsATransportFailure() {
    server.stubFor(any(anyUrl()).willReturn(okJson("{\"ErrorCode\":0}").withFixedDelay(2_000)));
    MerchantPayV1Client impatient =
        TestClients.builder(server.baseUrl()).readTimeout(Duration.ofMillis(200)).build();

    assertThatThrownBy(() -> impatient.getPayment(1L))
        .isInstanceOf(V1TransportException.class)
        .hasMessageStartingWith("getPayment: no complete answer from the service: ")
        .hasMessageContaining("Timeout");
  }

  @Test
  void anAnswerWhoseBodyStallsIsCutOffByTheReadTimeout() {
    // The body trickles in over 30 s; a client that waited for all of it would take 30 s. The bound
    // of 15 s
    // only tells "gave up early" from "waited for the body", with room for a slow machine.
    server.stubFor(
        any(anyUrl())
            .willReturn(
                okJson("{\"ErrorCode\":0,\"Payment\":{\"PaymentID\":1}}")
                    .withChunkedDribbleDelay(40, 30_000)));
    MerchantPayV1Client impatient =
        TestClients.builder(server.baseUrl()).readTimeout(Duration.ofMillis(300)).build();
    long started = System.nanoTime();

    assertThatThrownBy(() -> impatient.getPayment(1L))
        .isInstanceOf(V1TransportException.class)
        .hasMessageStartingWith("getPayment: no complete answer from the service: ");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(15));
  }

  @Test
  void aRefusedConnectionIsATransportFailure() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    MerchantPayV1Client unreachable = TestClients.client("http://127.0.0.1:" + closedPort);

    assertThatThrownBy(
            () -> unreachable.listDocuments(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 1, 2)))
        .isInstanceOf(V1TransportException.class)
        .hasMessageStartingWith("listDocuments: no complete answer from the service")
        .hasCauseInstanceOf(IOException.class);
  }

  @Test
  void aDroppedConnectionIsATransportFailureAndIsNotRetried() {
    server.stubFor(any(anyUrl()).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

    assertThatThrownBy(() -> client.refundPayment(1L, BigDecimal.TEN))
        .isInstanceOf(V1TransportException.class);
    assertThat(server.getAllServeEvents()).hasSize(1);
  }

  @Test
  void unknownEnumValuesInAnswersDoNotBreakDecoding() {
    server.stubFor(
        any(anyUrl())
            .willReturn(
                okJson(
                    "{\"ErrorCode\":0,\"Payment\":{\"State\":\"REFUNDED_LATER\",\"ErrorCode\":-77}}")));

    Payment payment = client.getPayment(1L);

    assertThat(payment.getState().isKnown()).isFalse();
    assertThat(payment.getState().getValue()).isEqualTo("REFUNDED_LATER");
    assertThat(payment.getErrorCode().getValue()).isEqualTo(-77);
  }
}
