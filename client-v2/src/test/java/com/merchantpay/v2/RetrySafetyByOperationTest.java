package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.v2.internal.ApiOperations;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.CreateInvoiceRequest;
import com.merchantpay.v2.model.CreatePaymentTokenRequest;
import com.merchantpay.v2.model.CreateReceiptRequest;
import com.merchantpay.v2.model.CreateRefundRequest;
import com.merchantpay.v2.model.CreateStickerRequest;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.ReceiptItem;
import com.merchantpay.v2.model.ReceiptType;
import com.merchantpay.v2.model.TokenType;
import com.merchantpay.v2.model.TokenizationRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every operation, by what the contract says it is: creating POSTs carry one key on every retry,
 * PUTs are tried once after an answer that leaves their outcome unknown, GETs are retried.
 */
class RetrySafetyByOperationTest extends ClientTestSupport {
  private static final Amount TEN = new Amount().value(BigDecimal.TEN).currency("RUB");

  /** Each operation called through its resource group. */
  private static final Map<Operation, Consumer<MerchantPayClient>> CALLS =
      Map.ofEntries(
          Map.entry(
              Operation.CREATE_INVOICE,
              c -> c.invoices().create(new CreateInvoiceRequest().merchantId("m-1").amount(TEN))),
          Map.entry(Operation.CREATE_PAYMENT, c -> c.payments().create(cardPayment())),
          Map.entry(
              Operation.COMPLETE_PAYMENT,
              c -> c.payments().complete("p-1", new CompleteConfirmationRequest().code("1234"))),
          Map.entry(
              Operation.CAPTURE_PAYMENT,
              c -> c.payments().capture("p-1", new CaptureRequest().amount(TEN))),
          Map.entry(Operation.CANCEL_PAYMENT, c -> c.payments().cancel("p-1")),
          Map.entry(Operation.GET_PAYMENT, c -> c.payments().get("p-1")),
          Map.entry(
              Operation.LIST_PAYMENTS,
              c -> c.payments().list("m-1", OffsetDateTime.now(), OffsetDateTime.now())),
          Map.entry(
              Operation.CREATE_REFUND,
              c -> c.refunds().create(new CreateRefundRequest().paymentId("p-1").amount(TEN))),
          Map.entry(Operation.GET_REFUND, c -> c.refunds().get("r-1")),
          Map.entry(
              Operation.LIST_REFUNDS,
              c -> c.refunds().list("m-1", OffsetDateTime.now(), OffsetDateTime.now())),
          Map.entry(
              Operation.START_TOKENIZATION,
              c ->
                  c.tokenization()
                      .start(
                          new TokenizationRequest().merchantId("m-1").type(TokenType.RECURRING))),
          Map.entry(
              Operation.CREATE_PAYMENT_TOKEN,
              c ->
                  c.paymentTokens()
                      .create(
                          new CreatePaymentTokenRequest()
                              .merchantId("m-1")
                              .type(TokenType.RECURRING)
                              .paymentData(new PaymentData().paymentMethod("bankcard")))),
          Map.entry(
              Operation.COMPLETE_PAYMENT_TOKEN,
              c -> c.paymentTokens().complete("t-1", new CompleteConfirmationRequest().cres("Y"))),
          Map.entry(Operation.GET_PAYMENT_TOKEN, c -> c.paymentTokens().get("t-1")),
          Map.entry(Operation.REVOKE_PAYMENT_TOKEN, c -> c.paymentTokens().revoke("t-1")),
          Map.entry(
              Operation.CREATE_RECEIPT,
              c ->
                  c.receipts()
                      .create(
                          new CreateReceiptRequest()
                              .paymentId("p-1")
                              .amount(TEN)
                              .type(ReceiptType.PAYMENT)
                              .items(
                                  List.of(
                                      new ReceiptItem()
                                          .name("x")
                                          .quantity(BigDecimal.ONE)
                                          .price(BigDecimal.TEN))))),
          Map.entry(Operation.GET_RECEIPT, c -> c.receipts().get("rc-1")),
          Map.entry(Operation.LIST_RECEIPTS, c -> c.receipts().list("p-1")),
          Map.entry(
              Operation.CREATE_STICKER,
              c ->
                  c.stickers()
                      .create(new CreateStickerRequest().merchantId("m-1").stickerType("Sbp"))),
          Map.entry(Operation.SET_STICKER_ACTIVE, c -> c.stickers().setActive("s-1", false)),
          Map.entry(Operation.GET_STICKER, c -> c.stickers().get("s-1")),
          Map.entry(Operation.LIST_STICKERS, c -> c.stickers().list("m-1")));

  @BeforeEach
  void firstAttemptUnavailableThenAnything() {
    server.stubFor(
        any(anyUrl())
            .inScenario("s")
            .whenScenarioStateIs(STARTED)
            .willReturn(aResponse().withStatus(503))
            .willSetStateTo("up"));
    server.stubFor(
        any(anyUrl())
            .inScenario("s")
            .whenScenarioStateIs("up")
            .willReturn(
                okJson(
                    "{\"id\":\"x-1\",\"status\":\"Active\",\"items\":[],\"paymentId\":\"p-1\",\"url\":\"https://u\",\"tokenId\":\"t\"}")));
  }

  @Test
  void everyOperationOfTheContractIsCalledHereAndTheOtherWayRound() {
    assertThat(
            ApiOperations.all().stream()
                .map(ApiOperations.Operation::operationId)
                .collect(Collectors.toSet()))
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(Operation.values()).map(op -> op.id).toList());
    assertThat(CALLS.keySet()).containsExactlyInAnyOrder(Operation.values());
  }

  @ParameterizedTest
  @EnumSource(Operation.class)
  void eachOperationIsRetriedAsItsMethodAllows(Operation operation) {
    Consumer<MerchantPayClient> call = CALLS.get(operation);
    MerchantPayClient client = client();

    if (operation.kind == Operation.Kind.UPDATE) {
      assertThatThrownBy(() -> call.accept(client)).isInstanceOf(UnexpectedResponseException.class);
    } else {
      call.accept(client);
    }

    List<LoggedRequest> sent = server.findAll(anyRequestedFor(anyUrl()));
    // Every header of an attempt rides on the transport's options, none on a Feign template.
    assertThat(sent)
        .allSatisfy(
            request -> {
              assertThat(request.getHeader("Authorization")).isEqualTo("Bearer " + TOKEN);
              assertThat(request.getHeader("Accept")).isEqualTo("application/json");
              assertThat(request.containsHeader("Content-Type"))
                  .as("Content-Type exactly when there is a body")
                  .isEqualTo(request.getBody().length > 0);
              if (request.containsHeader("Content-Type")) {
                assertThat(request.getHeader("Content-Type")).isEqualTo("application/json");
              }
            });
    switch (operation.kind) {
      case UPDATE -> assertThat(sent).as("a PUT after 503 is not repeated").hasSize(1);
      case READ ->
          assertThat(sent)
              .hasSize(2)
              .allMatch(request -> !request.containsHeader("Idempotency-Key"));
      case CREATE -> {
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0).getHeader("Idempotency-Key"))
            .isNotBlank()
            .isEqualTo(sent.get(1).getHeader("Idempotency-Key"));
      }
    }
  }

  @Test
  void anUpdateTurnedAwayWithTooManyRequestsIsSentAgainForTheServiceDidNothingWithIt() {
    server.resetAll();
    server.stubFor(
        any(anyUrl()).willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0")));

    assertThatThrownBy(() -> client().payments().capture("p-1", new CaptureRequest().amount(TEN)))
        .isInstanceOfSatisfying(
            MerchantPayException.class,
            e -> {
              assertThat(e.getAttempts()).isEqualTo(3);
              assertThat(e.isOutcomeUnknown()).as("no attempt was acted on").isFalse();
            });
    assertThat(server.findAll(anyRequestedFor(anyUrl()))).hasSize(3);
  }

  @Test
  void anUpdateWhoseFirstAttemptMayHaveActedIsUnknownEvenWhenTheLastIsTurnedAway() {
    server.resetAll();
    server.stubFor(
        any(anyUrl()).willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0")));
    MerchantPayClient retryingUpdates =
        client(
            builder ->
                builder.retryPolicy(
                    RetryPolicy.builder()
                        .maxAttempts(3)
                        .initialBackoff(Duration.ofMillis(100))
                        .retryUpdatesWhenOutcomeUnknown(true)
                        .build()));
    server.stubFor(
        any(anyUrl())
            .inScenario("t")
            .whenScenarioStateIs(STARTED)
            .willReturn(aResponse().withStatus(502))
            .willSetStateTo("busy"));

    assertThatThrownBy(
            () -> retryingUpdates.payments().capture("p-1", new CaptureRequest().amount(TEN)))
        .isInstanceOfSatisfying(
            MerchantPayException.class,
            e ->
                assertThat(e.isOutcomeUnknown())
                    .as("the 502 may have captured; the 429s after it say nothing of that")
                    .isTrue());
  }
}
