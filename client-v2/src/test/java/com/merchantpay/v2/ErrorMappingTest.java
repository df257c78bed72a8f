package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.v2.model.ErrorCode;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.ResultCode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every documented error code becomes its own exception type, with everything needed on one line.
 */
class ErrorMappingTest extends ClientTestSupport {

  static Stream<Arguments> documentedCodes() {
    return Stream.of(
        Arguments.of("validation_error", 400, ValidationErrorException.class),
        Arguments.of("not_authorized", 401, NotAuthorizedException.class),
        Arguments.of("not_authorized", 403, NotAuthorizedException.class),
        Arguments.of("idempotency_key_violation", 422, IdempotencyKeyViolationException.class),
        Arguments.of("invalid_operation", 409, InvalidOperationException.class),
        Arguments.of("payment_token_revoked", 422, PaymentTokenRevokedException.class),
        Arguments.of("payment_token_blocked", 422, PaymentTokenBlockedException.class));
  }

  @ParameterizedTest
  @MethodSource("documentedCodes")
  void eachDocumentedCodeHasItsTypeCarryingStatusCodeMessageKeyAndRequestId(
      String code, int status, Class<?> type) {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                aResponse()
                    .withStatus(status)
                    .withHeader("Content-Type", "application/json")
                    .withHeader("Request-Id", "req-42")
                    .withBody(error(code, "something is off"))));

    assertThatThrownBy(
            () ->
                client()
                    .payments()
                    .createWithResponse(
                        cardPayment(), RequestOptions.builder().idempotencyKey("key-7").build()))
        .isExactlyInstanceOf(type)
        .hasMessage(
            "createPayment: HTTP "
                + status
                + " "
                + code
                + ": something is off; request-id: req-42; idempotency-key: key-7")
        .satisfies(
            thrown -> {
              ServiceException e = (ServiceException) thrown;
              assertThat(e.getStatusCode()).isEqualTo(status);
              assertThat(e.getErrorCode()).isEqualTo(ErrorCode.fromValue(code));
              assertThat(e.getServiceMessage()).contains("something is off");
              assertThat(e.getRequestId()).contains("req-42");
              assertThat(e.getIdempotencyKey()).contains("key-7");
              assertThat(e.getOperation()).isEqualTo("createPayment");
            });
  }

  @Test
  void validationErrorsListEveryFailedCheck() {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withBody(
                        "{\"code\":\"validation_error\",\"message\":\"Invalid request\",\"errors\":[\"merchantId is required\",\"amount.value must be positive\"]}")));

    assertThatThrownBy(() -> client().payments().create(cardPayment()))
        .isInstanceOf(ValidationErrorException.class)
        .hasMessageContaining("[merchantId is required, amount.value must be positive]")
        .satisfies(
            thrown ->
                assertThat(((ValidationErrorException) thrown).getErrors())
                    .containsExactly("merchantId is required", "amount.value must be positive"));
  }

  @Test
  void anUnknownCodeKeepsTheRawCode() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                aResponse().withStatus(418).withBody(error("teapot_mode", "short and stout"))));

    assertThatThrownBy(() -> client().payments().get("p-1"))
        .isInstanceOf(UnknownServiceErrorException.class)
        .hasMessageContaining("HTTP 418 teapot_mode")
        .satisfies(
            thrown ->
                assertThat(((UnknownServiceErrorException) thrown).getRawCode())
                    .isEqualTo("teapot_mode"));
  }

  @Test
  void aNonJsonErrorPageGivesStatusAndAShortRedactedExcerpt() {
    String html =
        "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>"
            + "upstream said: card 4111 1111 1111 1111 declined, Authorization: Bearer abc.def.ghi "
            + "x".repeat(500)
            + "</body></html>";
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                aResponse()
                    .withStatus(502)
                    .withHeader("Content-Type", "text/html")
                    .withBody(html)));

    assertThatThrownBy(() -> client(b -> b.retryPolicy(RetryPolicy.none())).payments().get("p-1"))
        .isInstanceOf(UnexpectedResponseException.class)
        .hasMessageContaining("HTTP 502")
        .hasMessageContaining("502 Bad Gateway")
        .hasMessageContaining("***1111")
        .satisfies(
            thrown -> {
              assertThat(thrown.getMessage())
                  .doesNotContain("4111 1111", "abc.def.ghi")
                  .hasSizeLessThan(400);
              assertThat(((UnexpectedResponseException) thrown).getBodyExcerpt())
                  .get()
                  .asString()
                  .endsWith("…");
              assertThat(((ServiceException) thrown).getErrorCode()).isNull();
            });
  }

  @Test
  void aSuccessStatusWithAnUnreadableBodyIsAnUnexpectedResponse() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/html")
                    .withBody("<html>maintenance</html>")));

    assertThatThrownBy(() -> client().payments().get("p-1"))
        .isInstanceOf(UnexpectedResponseException.class)
        .hasMessageContaining("getPayment: HTTP 200")
        .hasMessageContaining("<html>maintenance</html>");
  }

  @Test
  void aServerMessageEchoingACardNumberIsRedacted() {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withBody(
                        "{\"code\":\"validation_error\",\"message\":\"pan "
                            + TEST_PAN
                            + " is invalid\",\"errors\":[\"card.pan "
                            + TEST_PAN
                            + "\"]}")));

    assertThatThrownBy(() -> client().payments().create(cardPayment()))
        .satisfies(
            thrown ->
                assertThat(thrown.getMessage())
                    .doesNotContain(TEST_PAN, "411111")
                    .contains("pan *** is invalid"));
  }

  @Test
  void aDeclinedPaymentIsAPaymentNotAnException() {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                okJson(
                    "{\"id\":\"p-9\",\"status\":\"Rejected\",\"resultCode\":\"InsufficientFunds\",\"message\":\"Not enough money\"}")));

    Payment payment = client().payments().create(cardPayment());

    assertThat(payment.getStatus()).isEqualTo(PaymentStatus.REJECTED);
    assertThat(payment.getResultCode()).isEqualTo(ResultCode.INSUFFICIENT_FUNDS);
  }

  @Test
  void everyExceptionIsAMerchantPayExceptionAndUnchecked() {
    assertThat(RuntimeException.class).isAssignableFrom(MerchantPayException.class);
    for (Class<?> type :
        new Class<?>[] {
          ValidationErrorException.class,
          NotAuthorizedException.class,
          IdempotencyKeyViolationException.class,
          InvalidOperationException.class,
          PaymentTokenRevokedException.class,
          PaymentTokenBlockedException.class,
          UnknownServiceErrorException.class,
          UnexpectedResponseException.class
        }) {
      assertThat(ServiceException.class).isAssignableFrom(type);
    }
    assertThat(TransportException.class).isAssignableFrom(RequestTimeoutException.class);
    assertThat(MerchantPayException.class)
        .isAssignableFrom(TransportException.class)
        .isAssignableFrom(RequestValidationException.class)
        .isAssignableFrom(NotificationParseException.class);
  }
}
