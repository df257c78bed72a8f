package com.merchantpay.examples.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.Fault;
import com.merchantpay.sandbox.Operation;
import com.merchantpay.sandbox.RequestPattern;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.spring.test.AutoConfigureMerchantPaySandbox;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;

/**
 * The shop against the sandbox, the way a merchant's team tests its Spring Boot application: one
 * annotation points the starter at a sandbox, the sandbox's callbacks reach the shop on its random
 * port, and the tests run in any order.
 */
// spring boot test begins
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMerchantPaySandbox(strict = true)
@TestMethodOrder(MethodOrderer.Random.class)
class ShopApplicationTest {
  @Autowired TestRestTemplate shop;
  @Autowired Sandbox sandbox;

  // spring boot test ends

  private Order pay(String orderId, String pan) {
    shop.postForObject("/orders/" + orderId, new BigDecimal("49.90"), Order.class);
    return shop.postForObject(
        "/orders/" + orderId + "/pay",
        new OrderController.CardForm(pan, "12/30", "123"),
        Order.class);
  }

  private Order awaitConfirmation(String orderId) throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
    Order order = shop.getForObject("/orders/" + orderId, Order.class);
    while (!order.confirmedByNotification() && Instant.now().isBefore(deadline)) {
      Thread.sleep(100);
      order = shop.getForObject("/orders/" + orderId, Order.class);
    }
    return order;
  }

  @Test
  void anOrderIsPaidAndTheServicesNotificationConfirmsIt() throws Exception {
    Order paid = pay("order-1001", "4111111111111111");

    assertThat(paid.status()).isEqualTo("Paid");
    assertThat(awaitConfirmation("order-1001").confirmedByNotification())
        .as("the sandbox's callback, on the shop's random port, within 20 s")
        .isTrue();
  }

  // lost answer begins
  @Test
  void anAnswerLostAfterTheChargeChargesTheShopperOnce() throws Exception {
    sandbox.faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).once().dropAfter());

    Order paid = pay("order-1002", "4111111111111111");

    assertThat(paid.status()).isEqualTo("Paid");
    sandbox
        .journal()
        .verify(
            2,
            RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
                .idempotencyKey("order-order-1002"));
    assertThat(awaitConfirmation("order-1002").paymentId()).isEqualTo(paid.paymentId());
  }

  // lost answer ends

  @Test
  void anOutcomeNoAnswerToldIsSettledByTheNotificationWhicheverComesFirst() throws Exception {
    // Every attempt charges and loses its answer: the client cannot learn the outcome, and the
    // notification of the one payment may come before or after it gives up.
    sandbox.faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).times(3).dropAfter());

    Order unknown = pay("order-1004", "4111111111111111");
    Order settled = awaitConfirmation("order-1004");

    assertThat(unknown.status()).isIn("Unknown", "Paid");
    assertThat(settled.confirmedByNotification()).as("the notification settles it").isTrue();
    assertThat(settled.status()).isEqualTo("Paid");
  }

  @Test
  void aDeclinedCardRefusesTheOrderWithTheReason() {
    Order refused = pay("order-1003", "4000000000001083");

    assertThat(refused.status()).isEqualTo("Refused");
    assertThat(refused.refusal()).isEqualTo("InsufficientFunds");
    sandbox.journal().verify(1, RequestPattern.operation(Operation.V2.CREATE_PAYMENT));
  }
}
