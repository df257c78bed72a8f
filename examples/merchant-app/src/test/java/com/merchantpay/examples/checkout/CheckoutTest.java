package com.merchantpay.examples.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.sandbox.Fault;
import com.merchantpay.sandbox.JournalEntry;
import com.merchantpay.sandbox.Operation;
import com.merchantpay.sandbox.RequestPattern;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.sandbox.SandboxExtension;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The shop's checkout against the sandbox: answers lost after the charge, a busy service, declines,
 * a 3-D Secure challenge, refunds. Strict mode also fails any test during which the checkout sent a
 * request the service's documents do not allow.
 */
class CheckoutTest {
  // extension begins
  @RegisterExtension
  static final SandboxExtension SANDBOX = SandboxExtension.using(Sandbox.builder()).strict();

  // extension ends

  static final Card APPROVED = new Card("4111111111111111", "12/30", "123");
  static final Card INSUFFICIENT_FUNDS = new Card("4000000000001083", "12/30", "123");
  static final Card THREE_DS_CHALLENGE = new Card("4000000000002032", "12/30", "123");

  private Sandbox sandbox;
  private Checkout checkout;

  @BeforeEach
  void checkoutOfTheSandbox(Sandbox sandbox) {
    this.sandbox = sandbox;
    // checkout begins
    checkout = new Checkout(sandbox.baseUrl(), sandbox.bearerToken(), sandbox.merchantId());
    // checkout ends
  }

  @Test
  void anAnswerLostAfterTheChargeIsRecoveredWithoutASecondCharge() {
    // lost answer begins
    sandbox.faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).once().dropAfter());

    Payment payment = checkout.pay("1001", new BigDecimal("25.00"), APPROVED);

    assertThat(payment.status()).isEqualTo("Settled");
    assertThat(paymentsOfOrder("1001")).containsExactly(payment.id());
    sandbox
        .journal()
        .verify(
            2,
            RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
                .idempotencyKey(Checkout.paymentKey("1001", new BigDecimal("25.00"), APPROVED))
                .withBodyMember("amount.value", "25.00"));
    // lost answer ends
  }

  @Test
  void aServerErrorAfterTheChargeIsRecoveredTheSameWay() {
    sandbox.faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).once().failAfter(502));

    Payment payment = checkout.pay("1002", new BigDecimal("40.00"), APPROVED);

    assertThat(payment.paid()).isTrue();
    assertThat(paymentsOfOrder("1002")).containsExactly(payment.id());
    List<JournalEntry> calls =
        sandbox
            .journal()
            .find(
                RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
                    .idempotencyKey(
                        Checkout.paymentKey("1002", new BigDecimal("40.00"), APPROVED)));
    assertThat(calls).extracting(JournalEntry::status).containsExactly(502, 200);
    assertThat(calls.get(0).fault()).contains("502");
  }

  @Test
  void withAFreshKeyForTheRetryTheSameLostAnswerChargesTwice() throws Exception {
    // What the checkout must not do, done by hand: the fault is real, the first call did charge.
    sandbox.faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).once().dropAfter());
    String body =
        "{\"merchantId\":\""
            + sandbox.merchantId()
            + "\",\"invoice\":{\"orderNo\":\"1003\"},\"amount\":{\"value\":10.00,\"currency\":\"RUB\"},"
            + "\"paymentData\":{\"paymentMethod\":\"bankcard\",\"card\":{\"pan\":\"4111111111111111\","
            + "\"expiry\":\"12/30\",\"cvc\":\"123\"}}}";

    assertThatThrownBy(() -> createWithKey(body, "naive-1")).isInstanceOf(IOException.class);
    assertThat(createWithKey(body, "naive-2")).isEqualTo(200);

    assertThat(paymentsOfOrder("1003")).hasSize(2);
  }

  @Test
  void aBusyServiceIsWaitedOutAsItAsks() {
    sandbox
        .faults()
        .add(Fault.on(Operation.V2.CREATE_PAYMENT).once().failBefore(429, Duration.ofSeconds(1)));

    Payment payment = checkout.pay("1004", new BigDecimal("12.00"), APPROVED);

    assertThat(payment.paid()).isTrue();
    List<JournalEntry> calls =
        sandbox
            .journal()
            .find(
                RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
                    .idempotencyKey(
                        Checkout.paymentKey("1004", new BigDecimal("12.00"), APPROVED)));
    assertThat(calls).extracting(JournalEntry::status).containsExactly(429, 200);
    assertThat(Duration.between(calls.get(0).time(), calls.get(1).time()))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void noAnswerAtAllLeavesTheOrderWithItsKeyAndPayingItLaterChargesOnce() {
    // unknown outcome begins
    sandbox
        .faults()
        .add(Fault.on(Operation.V2.CREATE_PAYMENT).times(Checkout.ATTEMPTS).failAfter(503));

    OutcomeUnknownException unknown =
        catchUnknown(() -> checkout.pay("1005", new BigDecimal("30.00"), APPROVED));
    Payment later = checkout.pay("1005", new BigDecimal("30.00"), APPROVED);

    assertThat(unknown.idempotencyKey())
        .isEqualTo(Checkout.paymentKey("1005", new BigDecimal("30.00"), APPROVED));
    assertThat(paymentsOfOrder("1005")).containsExactly(later.id());
    // unknown outcome ends
  }

  @Test
  void aDeclinedCardIsAnAnswerNotAnErrorAndAnotherCardIsAnotherPayment() {
    Payment payment = checkout.pay("1006", new BigDecimal("99.00"), INSUFFICIENT_FUNDS);
    Payment withAnotherCard = checkout.pay("1006", new BigDecimal("99.00"), APPROVED);

    assertThat(payment.status()).isEqualTo("Rejected");
    assertThat(payment.resultCode()).isEqualTo("InsufficientFunds");
    assertThat(withAnotherCard.paid()).isTrue();
    assertThat(paymentsOfOrder("1006"))
        .containsExactlyInAnyOrder(payment.id(), withAnotherCard.id());
    sandbox
        .journal()
        .verify(
            1,
            RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
                .idempotencyKey(
                    Checkout.paymentKey("1006", new BigDecimal("99.00"), INSUFFICIENT_FUNDS)));
  }

  @Test
  void theShopperPassesThreeDSecureAndTheShopSeesThePaymentGoOn() {
    // payer begins
    Payment waiting = checkout.pay("1007", new BigDecimal("70.00"), THREE_DS_CHALLENGE);
    assertThat(waiting.awaitingPayer()).isTrue();

    sandbox.payer().passConfirmation(waiting.id());

    assertThat(checkout.payment(waiting.id()).awaitingPayer()).isFalse();
    // payer ends
  }

  @Test
  void aRefundAskedForTwiceIsMadeOnce() {
    Payment payment = checkout.pay("1008", new BigDecimal("50.00"), APPROVED);
    sandbox.faults().add(Fault.on(Operation.V2.CREATE_REFUND).once().dropAfter());

    String refund = checkout.refund(payment.id(), "1008-r1", new BigDecimal("20.00"));
    String again = checkout.refund(payment.id(), "1008-r1", new BigDecimal("20.00"));

    assertThat(again).isEqualTo(refund);
    sandbox
        .journal()
        .verify(
            3,
            RequestPattern.operation(Operation.V2.CREATE_REFUND).idempotencyKey("refund-1008-r1"));
  }

  @Test
  void aRefusalNamesWhatWasWrongAndIsNotRetried() {
    Payment payment = checkout.pay("1009", new BigDecimal("15.00"), APPROVED);

    assertThatThrownBy(() -> checkout.refund(payment.id(), "1009-r1", new BigDecimal("16.00")))
        .isInstanceOfSatisfying(
            PaymentRefusedException.class, e -> assertThat(e.code()).isEqualTo("validation_error"))
        .hasMessageContaining("amount");
    sandbox
        .journal()
        .verify(
            1,
            RequestPattern.operation(Operation.V2.CREATE_REFUND).idempotencyKey("refund-1009-r1"));
  }

  // ---------------------------------------------------------------- helpers

  private static OutcomeUnknownException catchUnknown(Runnable call) {
    try {
      call.run();
    } catch (OutcomeUnknownException e) {
      return e;
    }
    throw new AssertionError("the outcome was known");
  }

  /** The ids of the payments the service holds for an order, read through its list. */
  private List<String> paymentsOfOrder(String orderNo) {
    try {
      HttpResponse<String> page =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create(
                              sandbox.baseUrl()
                                  + "/api/v2/payments?merchantId="
                                  + sandbox.merchantId()))
                      .header("Authorization", "Bearer " + sandbox.bearerToken())
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      List<String> ids = new ArrayList<>();
      for (JsonNode item : new ObjectMapper().readTree(page.body()).path("items")) {
        if (item.path("invoice").path("orderNo").asText().equals(orderNo)) {
          ids.add(item.path("id").asText());
        }
      }
      return ids;
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private int createWithKey(String body, String key) throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                .header("Authorization", "Bearer " + sandbox.bearerToken())
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }
}
