package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RetentionTest {
  private static final Instant T0 = Instant.parse("2024-05-14T09:00:00Z");

  private static Sandbox keeping(int maxPerKind, Duration maxAge) {
    return Sandbox.builder().fixedClock(T0).seed(3).retention(maxPerKind, maxAge).start();
  }

  @Test
  void beyondTheCountTheOldestFinishedPaymentsAreForgottenFirst() {
    try (Sandbox sandbox = keeping(100, Duration.ofDays(7))) {
      Api api = new Api(sandbox);
      String held = api.pay("4111111111111111", "5", true).path("id").asText();
      List<String> settled = new ArrayList<>();
      for (int i = 0; i < 120; i++) {
        settled.add(api.pay("4111111111111111", "1", false).path("id").asText());
      }

      assertThat(api.get("/api/v2/payments/" + held).status())
          .as("an Authorized payment is not finished")
          .isEqualTo(200);
      assertThat(api.get("/api/v2/payments/" + settled.get(0)).status())
          .as("forgotten")
          .isEqualTo(404);
      assertThat(api.get("/api/v2/payments/" + settled.get(20)).status()).isEqualTo(404);
      assertThat(api.get("/api/v2/payments/" + settled.get(21)).status()).isEqualTo(200);
      JsonNode state = api.control("GET", "/_sandbox/state", null);
      assertThat(state.path("resources").path("payments").asLong()).isEqualTo(100);
      assertThat(state.path("forgotten").path("payments").asLong()).isEqualTo(21);
    }
  }

  @Test
  void aForgottenPaymentTakesItsRefundsAndReceiptsWithIt() {
    try (Sandbox sandbox = keeping(100, Duration.ofDays(7))) {
      Api api = new Api(sandbox);
      String first = api.pay("4111111111111111", "10", false).path("id").asText();
      String refund =
          api.post(
                  "/api/v2/refunds",
                  Map.of("paymentId", first, "amount", Map.of("value", 1, "currency", "RUB")))
              .json()
              .path("id")
              .asText();
      String receipt =
          api.post(
                  "/api/v2/receipts",
                  Map.of(
                      "paymentId",
                      first,
                      "type",
                      "Payment",
                      "amount",
                      Map.of("value", 10, "currency", "RUB"),
                      "items",
                      List.of(
                          Map.of("name", "Tea", "quantity", 1, "price", 10, "vatType", "Vat22"))))
              .json()
              .path("id")
              .asText();
      api.advance("PT1M");
      for (int i = 0; i < 100; i++) {
        api.pay("4111111111111111", "1", false);
      }

      assertThat(api.get("/api/v2/payments/" + first).status()).isEqualTo(404);
      assertThat(api.get("/api/v2/refunds/" + refund).status()).isEqualTo(404);
      assertThat(api.get("/api/v2/receipts/" + receipt).status()).isEqualTo(404);
    }
  }

  @Test
  void finishedResourcesOlderThanTheAgeAreForgottenWhileUnfinishedOnesStay() {
    try (Sandbox sandbox = keeping(1000, Duration.ofHours(1))) {
      Api api = new Api(sandbox);
      String settled = api.pay("4111111111111111", "1", false).path("id").asText();
      String held = api.pay("4111111111111111", "1", true).path("id").asText();

      api.advance("PT59M");
      assertThat(api.get("/api/v2/payments/" + settled).status()).isEqualTo(200);
      api.advance("PT2M");

      assertThat(api.get("/api/v2/payments/" + settled).status()).isEqualTo(404);
      assertThat(api.get("/api/v2/payments/" + held).status()).isEqualTo(200);
      assertThat(
              api.control("GET", "/_sandbox/state", null)
                  .path("forgotten")
                  .path("payments")
                  .asLong())
          .isEqualTo(1);
    }
  }

  @Test
  void theRetentionIsShownAndBadOnesAreRefused() {
    try (Sandbox sandbox = keeping(250, Duration.ofHours(2))) {
      JsonNode retention =
          new Api(sandbox).control("GET", "/_sandbox/config", null).path("retention");

      assertThat(retention.path("maxResourcesPerKind").asInt()).isEqualTo(250);
      assertThat(retention.path("maxAge").asText()).isEqualTo("PT2H");
    }
    assertThatThrownBy(() -> Sandbox.builder().retention(10, Duration.ofHours(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 100");
    assertThatThrownBy(() -> Sandbox.builder().retention(1000, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
  }

  @Test
  void theStateCountsWhatTheSandboxKeepsBesidesResources() {
    try (Sandbox sandbox = keeping(1000, Duration.ofDays(1))) {
      Api api = new Api(sandbox);
      api.post("/api/v2/payments", api.cardPayment("4111111111111111", "1", false), "key-1");

      JsonNode state = api.control("GET", "/_sandbox/state", null);

      assertThat(state.path("resources").path("payments").asLong()).isEqualTo(1);
      assertThat(state.path("bookkeeping").path("idempotencyKeys").asLong()).isEqualTo(1);
      assertThat(state.path("bookkeeping").has("v1NoncesRemembered")).isTrue();
    }
  }
}
