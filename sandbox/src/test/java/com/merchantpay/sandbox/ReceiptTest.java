package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReceiptTest extends SandboxTestBase {

  private ObjectNode receipt(String paymentId, String value) {
    ObjectNode body = Api.object();
    body.put("paymentId", paymentId);
    body.set("amount", Api.amount(value, "RUB"));
    body.put("type", "Payment");
    body.putArray("items")
        .addObject()
        .put("name", "Espresso beans 1 kg")
        .put("quantity", 1)
        .put("price", new BigDecimal(value))
        .put("vatType", "Vat22");
    return body;
  }

  @Test
  void receiptIsPendingThenRegisteredWithFiscalData() {
    String paymentId = api.pay("4111111111111111", "1500.50", false).path("id").asText();

    JsonNode created = api.post("/api/v2/receipts", receipt(paymentId, "1500.50")).json();

    assertThat(created.path("status").asText()).isEqualTo("Pending");
    assertThat(created.has("fiscalData")).isFalse();
    api.advance("PT5S");
    JsonNode registered = api.get("/api/v2/receipts/" + created.path("id").asText()).json();
    assertThat(registered.path("status").asText()).isEqualTo("Success");
    assertThat(registered.path("providerOperationId").asText()).startsWith("ofd-");
    assertThat(registered.path("fiscalData").path("fiscalAttribute").asText()).hasSize(10);
    assertThat(registered.path("fiscalData").path("timestamp").asText())
        .isEqualTo("2024-05-14T09:00:05Z");
  }

  @Test
  void receiptsOfAPaymentAreListed() {
    String paymentId = api.pay("4111111111111111", "100", false).path("id").asText();
    api.post("/api/v2/receipts", receipt(paymentId, "100"));
    api.post("/api/v2/receipts", receipt(paymentId, "40"));

    JsonNode list = api.get("/api/v2/receipts?paymentId=" + paymentId).json();

    assertThat(list.path("items")).hasSize(2);
    assertThat(list.has("cursor")).isFalse();
    assertThat(api.get("/api/v2/receipts?paymentId=unknown").json().path("items")).isEmpty();
  }

  @Test
  void aPaymentWithReceiptDetailsGetsItsReceiptWhenItSettles() {
    ObjectNode body = api.cardPayment("4111111111111111", "100", true);
    body.putObject("receipt")
        .putArray("items")
        .addObject()
        .put("name", "Room")
        .put("quantity", 1)
        .put("price", 100);
    String paymentId = api.post("/api/v2/payments", body).json().path("id").asText();
    assertThat(api.get("/api/v2/receipts?paymentId=" + paymentId).json().path("items")).isEmpty();

    api.put(
        "/api/v2/payments/" + paymentId + "/confirm", Map.of("amount", Api.amount("90", "RUB")));

    JsonNode receipts = api.get("/api/v2/receipts?paymentId=" + paymentId).json().path("items");
    assertThat(receipts)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.path("type").asText()).isEqualTo("Payment");
              assertThat(r.path("amount").path("value").decimalValue()).isEqualByComparingTo("90");
            });
  }

  @Test
  void aReceiptNeedsAPaymentThatTookMoney() {
    String rejected = api.pay("4000000000001018", "10", false).path("id").asText();

    Api.Res res = api.post("/api/v2/receipts", receipt(rejected, "10"));

    assertThat(res.status()).isEqualTo(409);
    assertThat(api.post("/api/v2/receipts", receipt("77777777", "10")).status()).isEqualTo(404);
  }

  @Test
  void theReceiptListCanBeServedAsABareArrayTheOtherReadingOfTheOpenPoint() {
    String paymentId = api.pay("4111111111111111", "100", false).path("id").asText();
    api.post("/api/v2/receipts", receipt(paymentId, "100"));
    Api raw = api.unchecked();

    JsonNode switched =
        api.control("POST", "/_sandbox/options", Map.of("receiptListAsArray", true));
    JsonNode array = raw.get("/api/v2/receipts?paymentId=" + paymentId).json();

    assertThat(switched.path("receiptListAsArray").asBoolean()).isTrue();
    assertThat(array.isArray()).isTrue();
    assertThat(array)
        .singleElement()
        .satisfies(r -> assertThat(r.path("paymentId").asText()).isEqualTo(paymentId));
    assertThat(
            api.control("POST", "/_sandbox/options", Map.of("receiptListAsArray", false))
                .path("receiptListAsArray")
                .asBoolean())
        .isFalse();
    assertThat(api.get("/api/v2/receipts?paymentId=" + paymentId).json().path("items")).hasSize(1);
  }

  @Test
  void theBuilderStartsWithTheBareArrayReadingAndAResetKeepsIt() {
    try (Sandbox arrays = Sandbox.builder().receiptListAsArray(true).start()) {
      Api raw = new Api(arrays).unchecked();
      String paymentId = raw.pay("4111111111111111", "100", false).path("id").asText();
      raw.control("POST", "/_sandbox/options", Map.of("receiptListAsArray", false));

      arrays.reset();

      assertThat(
              raw.control("GET", "/_sandbox/options", null).path("receiptListAsArray").asBoolean())
          .isTrue();
      assertThat(raw.get("/api/v2/receipts?paymentId=" + paymentId).json().isArray()).isTrue();
    }
  }

  @Test
  void anUnknownOptionIsRefusedByName() {
    Api.Res res =
        api.unchecked()
            .send("POST", "/_sandbox/options", Map.of("receiptListAsAray", true), Map.of());

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors())
        .singleElement()
        .asString()
        .startsWith("receiptListAsAray: not an option");
  }
}
