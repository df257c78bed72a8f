package com.merchantpay.examples.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import java.math.BigDecimal;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The checkout's own contract with the service, recorded from the calls it makes, its bearer token
 * included (the documents give every request one; a pact without it would ask a provider for a
 * request filter). It uses the shop's own names (its provider name, token, merchant); the kit's
 * verification replaces them and makes the provider states through its vocabulary.
 */
// pact begins
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "payment-service", pactVersion = PactSpecVersion.V4)
class CheckoutPactTest {
  private static final String TOKEN = "shop-token";
  private static final String MERCHANT = "shop-42";

  @Pact(consumer = "shop-checkout")
  V4Pact checkout(PactDslWithProvider service) {
    return service
        .uponReceiving("an order paid by card")
        .method("POST")
        .path("/api/v2/payments")
        .headers("Content-Type", "application/json")
        .matchHeader("Authorization", "Bearer .+", "Bearer " + TOKEN)
        .matchHeader("Idempotency-Key", "order-2001-[0-9a-f]{12}", "order-2001-0a1b2c3d4e5f")
        .body(
            new PactDslJsonBody()
                .stringValue("merchantId", MERCHANT)
                .object("invoice")
                .stringType("orderNo", "2001")
                .stringType("description", "Order 2001")
                .closeObject()
                .object("amount")
                .decimalType("value", new BigDecimal("25.00"))
                .stringValue("currency", "RUB")
                .closeObject()
                .object("paymentData")
                .stringValue("paymentMethod", "bankcard")
                .object("card")
                .stringValue("pan", CheckoutTest.APPROVED.pan())
                .stringType("expiry", "12/30")
                .stringType("cvc", "123")
                .closeObject()
                .closeObject())
        .willRespondWith()
        .status(200)
        .body(new PactDslJsonBody().stringType("id", "p-1").stringValue("status", "Settled"))
        .given("a payment waits for a confirmation step", Map.of("type", "ThreeDSChallenge"))
        .uponReceiving("the status of an order waiting for its shopper")
        .method("GET")
        .pathFromProviderState("/api/v2/payments/${paymentId}", "/api/v2/payments/p-2")
        .matchHeader("Authorization", "Bearer .+", "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .valueFromProviderState("id", "${paymentId}", "p-2")
                .stringValue("status", "Confirmation"))
        .given("a settled payment", Map.of("amount", "50.00"))
        .uponReceiving("a refund of part of an order")
        .method("POST")
        .path("/api/v2/refunds")
        .headers("Content-Type", "application/json")
        .matchHeader("Authorization", "Bearer .+", "Bearer " + TOKEN)
        .matchHeader("Idempotency-Key", "refund-.+", "refund-2002-r1")
        .body(
            new PactDslJsonBody()
                .valueFromProviderState("paymentId", "${paymentId}", "p-3")
                .object("amount")
                .decimalType("value", new BigDecimal("20.00"))
                .stringValue("currency", "RUB")
                .closeObject())
        .willRespondWith()
        .status(200)
        .body(new PactDslJsonBody().stringType("id", "r-1"))
        .toPact(V4Pact.class);
  }

  @Test
  void theCheckoutPaysLooksUpAndRefundsAsRecorded(MockServer service) {
    Checkout checkout = new Checkout(URI.create(service.getUrl()), TOKEN, MERCHANT);

    Payment paid = checkout.pay("2001", new BigDecimal("25.00"), CheckoutTest.APPROVED);
    Payment waiting = checkout.payment("p-2");
    String refund = checkout.refund("p-3", "2002-r1", new BigDecimal("20.00"));

    assertThat(paid.status()).isEqualTo("Settled");
    assertThat(waiting.awaitingPayer()).isTrue();
    assertThat(refund).isEqualTo("r-1");
  }
}
// pact ends
